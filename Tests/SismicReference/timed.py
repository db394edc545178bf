#!/usr/bin/env python3
"""What sismic says random specs with timed transitions do, on a simulated clock.

`SismicTimedDifferentialTests` (Tests/LifecycleCompilerTests/Time) writes the specs as JSON and
runs this once for all of them:

    python3 Tests/SismicReference/timed.py SPECS.json > ANSWERS.json

Each spec is the statechart `reference.py` makes of it, with every timed transition (`after
Ns`, `"delay": N`) an eventless transition guarded by sismic's `after(N)`: true once the
source state has been active N seconds (sismic's own reading of time in a state). Of one
state's timed transitions, the first declared has priority (as the spec says at a tie). The
interpreter runs on sismic's `SimulatedClock`: a `wait N` moves the clock one second at a
time (every delay and wait is whole seconds) and lets sismic take what is due at each tick;
an event is sent at the current time. sismic takes inner states' transitions first (its
default), as the spec does at a tie.

Input:  {"specs": [{"name", "events", "states": [...], "transitions": [{"source", "target",
                    "event", "calls", "delay" (seconds or null)}], "sequences": [[item]]}]}
        where an item is an event or "wait:N".
Output: {"specs": [{"yaml", "runs": [[{"calls", "leaf"}]]}]}: per item, every callback called
        (in order) and the leaf afterwards.
"""

import json
import sys

from sismic.clock import SimulatedClock
from sismic.interpreter import Interpreter
from sismic.io.datadict import import_from_dict

import reference


def timed_statechart(spec):
    data = reference.statechart(spec)
    delays = {}
    for transition in spec["transitions"]:
        if transition.get("delay") is not None:
            delays[(spec["states"][transition["source"]]["name"], transition["event"])] = transition["delay"]

    def walk(state):
        timed = 0
        for entry in state.get("transitions", []):
            delay = delays.get((state["name"], entry.get("event")))
            if delay is None:
                continue
            del entry["event"]
            entry.pop("priority", None)
            entry["guard"] = "after(%d)" % delay
            if timed:
                entry["priority"] = -timed
            timed += 1
        for child in state.get("states", []):
            walk(child)

    walk(data["statechart"]["root state"])
    return data


def run(spec):
    data = timed_statechart(spec)
    machine = reference.Machine(spec, False)
    statechart = import_from_dict(data)
    runs = []
    for items in spec["sequences"]:
        clock = SimulatedClock()
        interpreter = Interpreter(statechart, initial_context={"calls": []}, clock=clock)
        last = [None]

        def execute():
            for step in interpreter.execute():
                if step.entered_states:
                    last[0] = step
            return last[0]

        execute()
        steps = []
        for item in items:
            calls = interpreter.context["calls"]
            del calls[:]
            if item.startswith("wait:"):
                for _ in range(int(item[5:])):
                    clock.time += 1
                    execute()
            else:
                interpreter.queue(item)
                execute()
            steps.append({"calls": list(calls), "leaf": machine.leaf(interpreter, last[0])})
        runs.append(steps)
    return {"yaml": reference.render_yaml(data) + "\n", "runs": runs}


def main():
    with open(sys.argv[1]) as source:
        specs = json.load(source)["specs"]
    json.dump({"specs": [run(spec) for spec in specs]}, sys.stdout)


if __name__ == "__main__":
    main()

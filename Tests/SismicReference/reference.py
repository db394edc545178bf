#!/usr/bin/env python3
"""What sismic, a statechart interpreter nobody here wrote, says the specs do.

`SismicDifferentialTests` (Tests/LifecycleCompilerTests/Properties) writes random specs as JSON
and runs this once for all of them:

    python3 Tests/SismicReference/reference.py SPECS.json > ANSWERS.json

Each spec is translated to sismic's YAML statechart (every transition's action, and every
state's `on entry` and `on exit`, appends its callbacks to `calls`), given to sismic as the data its YAML reader would make of the text (the
text is printed on a disagreement; for the first specs it is read back with sismic's reader and
compared), then:

- every event sequence given is run from the start, as sismic runs it: per event, the callbacks
  called and the leaf state the machine is in afterwards, up to the first event no transition
  takes (sismic consumes it without a step);
- the leaves reachable from the start are explored, and for each, per event, what sismic does
  there: the graph of the spec's runs;
- for every log given (and a few this adds from random runs of the graph, some of them
  spoiled), the line at which `conform` must reject it, strict and not, computed from that
  graph: a log conforms when some run prints it, or a beginning of it, once the callbacks that
  appear nowhere in the log (none, when strict) are left out of every run.

The language's final states are sismic's own: a final state of the root ends the run (sismic
empties its configuration), and one inside a compound state leaves that state's transitions, and
its ancestors', free to fire (UML's and SCXML's rule; sismic raises no completion event, and the
language has none to take one). The one rule sismic does not have on its own is written into
the statechart: of a state's transitions on one event, the first declared fires (sismic would
call two a non-deterministic choice), so the later ones get lower priorities (`priority: -1`,
`-2`, ...). The checker warns about each of those later transitions; they never fire.

Input:  {"specs": [{"name", "seed", "events", "states": [{"name", "parent", "initial", "final", "entry", "exit"}],
                    "transitions": [{"source", "target" (null: internal), "event", "calls"}]
                                   (in declaration order),
                    "sequences": [[event]], "logs": [[callback]]}]}
Output: {"specs": [{"yaml", "start", "runs": [[{"calls", "leaf"} | {"rejected": true}]],
                    "graph": {leaf: {event: {"calls", "leaf", "external"} | null}},
                    "logs": [{"log", "strict", "loose"}]}]}
where "strict" and "loose" are the 1-based line of the first callback no run prints there, or 0.
"""

import json
import random
import sys

from sismic.interpreter import Interpreter
from sismic.io.datadict import import_from_dict

ROOT = "__root__"


def statechart(spec):
    """The spec as sismic's YAML statechart, as the data its YAML reader makes of it."""
    states = spec["states"]
    children = {}
    for index, state in enumerate(states):
        children.setdefault(state["parent"], []).append(index)
    transitions = {}
    for transition in spec["transitions"]:
        transitions.setdefault(transition["source"], []).append(transition)

    def initial_of(parent):
        return next(states[i]["name"] for i in children[parent] if states[i]["initial"])

    def state_data(index):
        state = states[index]
        data = {"name": state["name"]}
        if state["final"]:
            data["type"] = "final"
        if state.get("entry"):
            data["on entry"] = "calls.extend(%s)" % json.dumps(state["entry"])
        if state.get("exit"):
            data["on exit"] = "calls.extend(%s)" % json.dumps(state["exit"])
        if index in children:
            data["initial"] = initial_of(index)
        if transitions.get(index):
            data["transitions"] = []
            seen = {}
            for transition in transitions[index]:
                entry = {"event": transition["event"]}
                if transition["target"] is not None:
                    entry["target"] = states[transition["target"]]["name"]
                earlier = seen.get(transition["event"], 0)
                seen[transition["event"]] = earlier + 1
                if earlier:
                    entry["priority"] = -earlier
                entry["action"] = "calls.extend(%s)" % json.dumps(transition["calls"])
                data["transitions"].append(entry)
        if index in children:
            data["states"] = [state_data(child) for child in children[index]]
        return data

    return {"statechart": {"name": spec["name"], "root state": {
        "name": ROOT, "initial": initial_of(None), "states": [state_data(i) for i in children[None]]}}}


def render_yaml(value, indent=0):
    """YAML text for the statechart data: mappings in block style, every scalar a double-quoted
    string (names like On and Off are booleans to a YAML 1.1 reader)."""
    pad = " " * indent
    lines = []
    for key, item in value.items():
        if isinstance(item, dict):
            lines.append("%s%s:" % (pad, key))
            lines.append(render_yaml(item, indent + 2))
        elif isinstance(item, list):
            lines.append("%s%s:" % (pad, key))
            for element in item:
                body = render_yaml(element, indent + 4).lstrip()
                lines.append("%s  - %s" % (pad, body))
        else:
            lines.append("%s%s: %s" % (pad, key, json.dumps(item)))
    return "\n".join(lines)


def yaml_reads_back(data, text):
    """Whether sismic's own YAML reader (ruamel, as `import_from_yaml` loads) makes `data` of
    `text`: the statechart run is the one printed."""
    from ruamel.yaml import YAML
    return YAML(typ="safe", pure=True).load(text) == data


class Machine:
    """A spec run by sismic."""

    def __init__(self, spec, check_yaml):
        self.spec = spec
        data = statechart(spec)
        self.yaml = render_yaml(data) + "\n"
        if check_yaml:
            assert yaml_reads_back(data, self.yaml), self.yaml
        self.statechart = import_from_dict(data)
        self.events = spec["events"]
        self.parents = {s["name"]: (spec["states"][s["parent"]]["name"] if s["parent"] is not None else None)
                        for s in spec["states"]}
        self.callbacks = sorted({c for t in spec["transitions"] for c in t["calls"]}
                                | {c for s in spec["states"] for c in s.get("entry", []) + s.get("exit", [])})

    def new(self):
        interpreter = Interpreter(self.statechart, initial_context={"calls": []})
        interpreter.execute_once()
        return interpreter

    @staticmethod
    def leaf(interpreter, step):
        """The leaf state the machine is in: the active state with no active child, or the final
        state of the root just entered (sismic's configuration is then empty)."""
        active = set(interpreter.configuration)
        if not active:
            return step.entered_states[-1]
        parents = {interpreter.statechart.parent_for(name) for name in active}
        leaves = [name for name in active if name not in parents]
        assert len(leaves) == 1, leaves
        return leaves[0]

    def fire(self, interpreter, event):
        """Sends `event`: (callbacks, leaf, external) or None when no transition takes it."""
        calls = interpreter.context["calls"]
        del calls[:]
        interpreter.queue(event)
        step = interpreter.execute_once()
        if step is None or not step.transitions:
            return None
        assert len(step.transitions) == 1, step.transitions
        return list(calls), self.leaf(interpreter, step), step.transitions[0].target is not None

    def start(self):
        interpreter = self.new()
        return self.leaf(interpreter, None)

    def at(self, leaf):
        """An interpreter in `leaf`: the machine has no variables, so its configuration (the
        leaf and the states around it) is all it is. Runs from the start check this shortcut
        (`answer` compares every run with the graph)."""
        interpreter = self.new()
        if self.parents.get(leaf) is None and self.spec_state(leaf)["final"]:
            interpreter._configuration = set()
        else:
            chain = {ROOT}
            name = leaf
            while name is not None:
                chain.add(name)
                name = self.parents[name]
            interpreter._configuration = chain
        return interpreter

    def spec_state(self, name):
        return next(s for s in self.spec["states"] if s["name"] == name)

    def graph(self):
        """Per reachable leaf, per event: what sismic does there."""
        start = self.start()
        graph = {}
        queue = [start]
        while queue:
            leaf = queue.pop(0)
            if leaf in graph:
                continue
            graph[leaf] = {}
            for event in self.events:
                result = self.fire(self.at(leaf), event)
                graph[leaf][event] = result
                if result is not None and result[1] not in graph:
                    queue.append(result[1])
        return start, graph

    def run(self, events):
        interpreter = self.new()
        steps = []
        for event in events:
            result = self.fire(interpreter, event)
            if result is None:
                steps.append({"rejected": True})
                break
            steps.append({"calls": result[0], "leaf": result[1]})
        return steps


def first_deviation(graph, start, log, logged):
    """The 1-based line of the first callback of `log` that no run can print there (0: none),
    a run printing only the callbacks in `logged`, and a log allowed to stop anywhere."""
    def shown(calls):
        return tuple(c for c in calls if c in logged)

    def close(positions):
        # Steps that print nothing may happen between any two lines.
        seen = set(positions)
        work = [p for p in positions if not p[1]]
        while work:
            leaf, _ = work.pop()
            for result in graph[leaf].values():
                if result is not None and not shown(result[0]):
                    position = (result[1], ())
                    if position not in seen:
                        seen.add(position)
                        work.append(position)
        return seen

    positions = close({(start, ())})
    for line, callback in enumerate(log, start=1):
        following = set()
        for leaf, pending in positions:
            if pending:
                if pending[0] == callback:
                    following.add((leaf, pending[1:]))
                continue
            for result in graph[leaf].values():
                if result is None:
                    continue
                calls = shown(result[0])
                if calls and calls[0] == callback:
                    following.add((result[1], calls[1:]))
        if not following:
            return line
        positions = close(following)
    return 0


def random_logs(graph, start, callbacks, seed, count):
    """Logs of random runs of the graph: some as printed, some with a callback dropped, added
    or two swapped, some with one callback left out everywhere (a log that does not log it)."""
    rng = random.Random(seed)
    logs = []
    for _ in range(count):
        leaf, printed = start, []
        for _ in range(rng.randrange(1, 9)):
            taken = [r for r in graph[leaf].values() if r is not None]
            if not taken:
                break
            calls, leaf, _ = rng.choice(taken)
            printed += calls
        kind = rng.randrange(5)
        if kind == 1 and printed:
            del printed[rng.randrange(len(printed))]
        elif kind == 2 and callbacks:
            printed.insert(rng.randrange(len(printed) + 1), rng.choice(callbacks))
        elif kind == 3 and len(printed) > 1:
            at = rng.randrange(len(printed) - 1)
            printed[at], printed[at + 1] = printed[at + 1], printed[at]
        elif kind == 4 and printed:
            left_out = rng.choice(printed)
            printed = [c for c in printed if c != left_out]
        if printed:
            logs.append(printed)
    return logs


def answer(spec, check_yaml):
    machine = Machine(spec, check_yaml)
    start, graph = machine.graph()
    runs = [machine.run(events) for events in spec["sequences"]]
    # The graph was explored from interpreters put in a leaf; every run from the start must
    # have taken the same steps, or the shortcut is wrong.
    for events, steps in zip(spec["sequences"], runs):
        leaf = start
        for event, step in zip(events, steps):
            expected = graph[leaf][event]
            if step.get("rejected"):
                assert expected is None, (spec["name"], events, event, expected)
                break
            assert expected is not None and expected[:2] == (step["calls"], step["leaf"]), \
                (spec["name"], events, event, expected, step)
            leaf = step["leaf"]
    logs = [list(log) for log in spec["logs"]]
    logs += random_logs(graph, start, machine.callbacks, spec["seed"], 12)
    everything = set(machine.callbacks)
    return {
        "yaml": machine.yaml,
        "start": start,
        "runs": runs,
        "graph": {leaf: {event: (None if r is None else {"calls": r[0], "leaf": r[1], "external": r[2]})
                         for event, r in row.items()} for leaf, row in graph.items()},
        "logs": [{"log": log,
                  "strict": first_deviation(graph, start, log, everything),
                  "loose": first_deviation(graph, start, log, set(log))} for log in logs],
    }


def main():
    with open(sys.argv[1]) as source:
        specs = json.load(source)["specs"]
    # Reading YAML back costs about 25 ms a spec: the first few show that the text is the data.
    json.dump({"specs": [answer(spec, index < 10) for index, spec in enumerate(specs)]}, sys.stdout)


if __name__ == "__main__":
    main()

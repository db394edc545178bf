// Runs SCXML documents in Qt's SCXML engine, an interpreter nobody here wrote, for
// `QtSCXMLDifferentialTests` (Tests/LifecycleCompilerTests/Properties). The test compiles this
// file with the system's Qt 6 (`pkg-config Qt6Scxml`) once per content, then runs it once for
// all its documents and sequences:
//
//     harness SEQUENCES
//
// (a file, so that the test never writes input while the harness waits to write output).
// Input, one command a line, fields separated by tabs:
//     file PATH                  the document the next sequences run in
//     run EVENT EVENT ...        a sequence of events, sent one at a time from the start;
//                                `wait:MS` instead of an event runs the event loop for MS
//                                milliseconds of real time (delayed <send>s fire meanwhile)
// Output, per `run`, fields separated by tabs:
//     start LEAF                 the active leaf states once the machine is stable
//     step LEAF CALLBACK ...     per event: the active leaves afterwards, then the label of
//                                every <log> it ran, in order (the exported callbacks)
//     end
// A document Qt cannot load prints `error MESSAGE` (one line per parse error) instead.
// LEAF is the active leaf states (`activeStateNames(true)`) joined by commas; a machine that
// has stopped in a top-level <final> keeps reporting that state.
#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>
#include <QFile>
#include <QLoggingCategory>
#include <QScxmlError>
#include <QScxmlStateMachine>
#include <QTextStream>
#include <cstdio>
#include <memory>
#include <unistd.h>

namespace {

QString leaves(QScxmlStateMachine &machine) { return machine.activeStateNames(true).join(QLatin1Char(',')); }

// Lets the machine process what is queued until it reaches a stable configuration or stops.
void settle(QScxmlStateMachine &machine, bool &stable) {
    for (int round = 0; round < 1000 && !stable && machine.isRunning(); ++round) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

} // namespace

int main(int argc, char **argv) {
    // Never a hung test: whatever happens, the process ends after five minutes.
    alarm(300);
    QCoreApplication app(argc, argv);
    // Qt echoes every <log> on stderr by default.
    QLoggingCategory::setFilterRules(QStringLiteral("*.debug=false\nscxml.statemachine=false\nqt.scxml.statemachine=false"));
    QFile input(QString::fromLocal8Bit(argc > 1 ? argv[1] : "/dev/stdin"));
    if (!input.open(QIODevice::ReadOnly | QIODevice::Text)) {
        std::fprintf(stderr, "cannot read %s\n", argc > 1 ? argv[1] : "stdin");
        return 1;
    }
    QTextStream in(&input);
    QTextStream out(stdout);
    QString path;
    QString line;
    while (in.readLineInto(&line)) {
        const QStringList fields = line.split(QLatin1Char('\t'));
        if (fields.first() == QLatin1String("file")) {
            path = fields.value(1);
            continue;
        }
        if (fields.first() != QLatin1String("run")) continue;
        std::unique_ptr<QScxmlStateMachine> machine(QScxmlStateMachine::fromFile(path));
        if (!machine || !machine->parseErrors().isEmpty()) {
            if (!machine) out << "error\tcannot load " << path << "\n";
            else for (const QScxmlError &error : machine->parseErrors()) out << "error\t" << error.toString() << "\n";
            out << "end\n";
            out.flush();
            continue;
        }
        QStringList logs;
        bool stable = false;
        QObject::connect(machine.get(), &QScxmlStateMachine::log,
                         [&logs](const QString &label, const QString &) { logs << label; });
        QObject::connect(machine.get(), &QScxmlStateMachine::reachedStableState, [&stable] { stable = true; });
        machine->start();
        settle(*machine, stable);
        out << "start\t" << leaves(*machine) << "\n";
        for (int i = 1; i < fields.size(); ++i) {
            logs.clear();
            stable = false;
            if (fields[i].startsWith(QLatin1String("wait:"))) {
                QEventLoop loop;
                QTimer::singleShot(fields[i].mid(5).toInt(), &loop, &QEventLoop::quit);
                loop.exec();
                settle(*machine, stable);
            } else if (machine->isRunning()) {
                machine->submitEvent(fields[i]);
                settle(*machine, stable);
            }
            out << "step\t" << leaves(*machine);
            for (const QString &label : logs) out << "\t" << label;
            out << "\n";
        }
        out << "end\n";
        out.flush();
    }
    return 0;
}

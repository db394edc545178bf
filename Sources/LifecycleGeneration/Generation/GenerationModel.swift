import LifecycleSource
import LifecycleModel

/// A step of a walk over a machine's state tree (`Machine.walkStates`).
enum StateWalkStep {
    /// A state without children.
    case leaf(Int)
    /// A composite state, before its children.
    case open(Int)
    /// A composite state, after its children.
    case close(Int)
}

extension Model {
    /// The spec's file name without folder or extension: the title of a drawing or export of
    /// several machines.
    var fileTitle: String {
        FileName.display(PathNames.lastComponent(path, dropping: ".lifecycle"))
    }
}

extension Machine {
    /// Walks the states in declaration order, children inside their composite, with an
    /// explicit stack: nesting depth never reaches the call stack.
    func walkStates(_ body: (StateWalkStep) -> Void) {
        let topLevel = states.indices.filter { states[$0].parent == nil }
        var topNext = 0
        var stack: [(owner: Int, next: Int)] = []
        while true {
            let state: Int
            if let top = stack.last {
                let children = states[top.owner].children
                if top.next >= children.count {
                    stack.removeLast()
                    body(.close(top.owner))
                    continue
                }
                state = children[top.next]
                stack[stack.count - 1].next += 1
            } else {
                guard topNext < topLevel.count else { break }
                state = topLevel[topNext]
                topNext += 1
            }
            if states[state].isComposite {
                body(.open(state))
                stack.append((state, 0))
            } else {
                body(.leaf(state))
            }
        }
    }
}

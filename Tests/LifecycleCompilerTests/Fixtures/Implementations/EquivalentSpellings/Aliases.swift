import UIKit

typealias ArgType = Optional<[UIApplication.LaunchOptionsKey: Any]>

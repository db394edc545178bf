/// How wide Helvetica sets a text, for drawings `lifecycle` lays out itself
/// (`SequenceSVGGenerator`); the tests measure every drawing's text with it too.
public enum TextMetrics {
    /// Helvetica's advance widths in thousandths of the font size, for ASCII from the space on
    /// (Adobe's font metrics).
    static let helvetica: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,   // space ! " # $ % & ' ( ) * + , - . /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,   // 0-9 : ; < = > ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @ A-O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,   // P-Z [ \ ] ^ _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,   // ` a-o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,        // p-z { | } ~
    ]

    /// The width of `text` in Helvetica at `fontSize` points, in points: ASCII by its metrics,
    /// a wide (CJK) character as a square, anything else as a digit.
    public static func helveticaWidth(_ text: String, fontSize: Double) -> Double {
        var thousandths = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E: thousandths += helvetica[Int(scalar.value) - 0x20]
            case 0xA0: thousandths += 278
            case 0x2E80...: thousandths += 1000
            default: thousandths += 556
            }
        }
        return Double(thousandths) * fontSize / 1000
    }
}

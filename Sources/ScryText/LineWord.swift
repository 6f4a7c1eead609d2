/// A word of a line read by `TesseractEngine.wordsOfLine(in:)`: its text, tesseract's
/// confidence in it, and the characters its LSTM weighed at each of its places.
public struct LineWord: Sendable, Equatable {
    /// The word as tesseract reads it: a right-to-left word first letter first, or marked
    /// with U+200E (LEFT-TO-RIGHT MARK) and its letters as they are seen, left first.
    public let text: String
    /// Tesseract's confidence in the word, 0...1.
    public let confidence: Double
    /// One entry per character tesseract read, in the order it gives them (the text's own
    /// order): the characters it weighed there, best first, each with its confidence 0...1
    /// (the first is the character read, the others in tesseract's order). Empty when
    /// tesseract gave none.
    public let characters: [[Choice]]

    /// A character weighed at one place of the word, with tesseract's confidence in it 0...1.
    public struct Choice: Sendable, Equatable {
        public let text: String
        public let confidence: Double

        public init(text: String, confidence: Double) {
            self.text = text
            self.confidence = confidence
        }
    }

    public init(text: String, confidence: Double, characters: [[Choice]] = []) {
        self.text = text
        self.confidence = confidence
        self.characters = characters
    }
}

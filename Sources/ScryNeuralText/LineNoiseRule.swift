/// When a read line is noise rather than text: the recognizer read it with little confidence,
/// it holds no letter or digit, or half or more of its characters are outside the Latin script
/// (`RecognitionScript.isLatin`; read with every character, `RecognitionScript.all`, the
/// recognizer knows 18,708, mostly Chinese, and reads bars, dots and shadows as some of
/// them). Chosen on the book-page benchmark (docs/book-benchmark.md): at 0.7, 2% of the words
/// read are lost and a fifth of the wrong ones go with them.
public struct LineNoiseRule: Sendable, Equatable {
    /// Lines read with a lower mean character probability are noise.
    public var minimumConfidence = 0.7

    public init(minimumConfidence: Double = 0.7) {
        self.minimumConfidence = minimumConfidence
    }

    public func isNoise(text: String, confidence: Double) -> Bool {
        if confidence < minimumConfidence { return true }
        var lettersOrDigits = 0, latin = 0, other = 0
        for scalar in text.unicodeScalars where !scalar.properties.isWhitespace {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { lettersOrDigits += 1 }
            if RecognitionScript.isLatin(scalar) { latin += 1 } else { other += 1 }
        }
        return lettersOrDigits == 0 || other >= latin
    }
}

import ScryText

extension TesseractHandwritingRecognizer {
    /// A word as tesseract read it, ready to be weighed against the list's words: its letters
    /// first letter first (`plain`), and at each letter the other letters tesseract's LSTM
    /// weighed there with what changing the reading's letter for one of them costs, in edits.
    struct Reading {
        /// The word's letters, first letter first.
        let letters: [Unicode.Scalar]
        /// The other letters weighed at each letter of `letters`, `slots` places each (an
        /// unused place holds U+0000), or empty when tesseract gave none.
        private let weighed: [Unicode.Scalar]
        /// The price in edits of each letter of `weighed`: `alternativeWeight` times how far
        /// its confidence falls short of the read letter's, as a share of the read letter's.
        private let weighedPrices: [Double]

        /// What changing the reading's letter at each place for each letter of `alphabet` costs,
        /// in edits (`substitution(_:at:)`): one row of `letters.count` prices per letter of
        /// the alphabet, so that the search against the list looks a price up.
        private(set) var substitutionPrices: [Double] = []

        /// The letters `substitutionPrices` holds, U+0621-U+064A: the letters of the words the list
        /// corrects to.
        static let alphabet: ClosedRange<UInt32> = 0x0621...0x064A

        /// How many other letters are kept at one place (tesseract gives up to five).
        static let slots = 6

        /// What a weighed letter costs at its lowest, in edits, when tesseract was as sure of
        /// it as of the letter it read.
        static let alternativeWeight = 1.0

        /// `letters` with, per letter, the other letters weighed there and their prices in
        /// edits (ignored unless there is one entry per letter).
        init(letters: [Unicode.Scalar], alternatives: [[(letter: Unicode.Scalar, price: Double)]] = []) {
            self.letters = letters
            guard alternatives.count == letters.count, !letters.isEmpty else {
                weighed = []
                weighedPrices = []
                substitutionPrices = makePrices()
                return
            }
            var weighed = [Unicode.Scalar](repeating: "\u{0}", count: letters.count * Self.slots)
            var prices = [Double](repeating: 0, count: letters.count * Self.slots)
            for (place, others) in alternatives.enumerated() {
                for (slot, other) in others.prefix(Self.slots).enumerated() {
                    weighed[place * Self.slots + slot] = other.letter
                    prices[place * Self.slots + slot] = other.price
                }
            }
            self.weighed = weighed
            self.weighedPrices = prices
            self.substitutionPrices = makePrices()
        }

        /// `substitutionPrices` worked out for every letter of the alphabet at every place.
        private func makePrices() -> [Double] {
            var table: [Double] = []
            table.reserveCapacity(Self.alphabet.count * letters.count)
            for code in Self.alphabet {
                let letter = Unicode.Scalar(code)!
                for place in letters.indices { table.append(weighedSubstitution(letter, at: place)) }
            }
            return table
        }

        /// `word`'s letters and, where each of its characters is one letter, the letters
        /// weighed there; none when the characters do not spell the word's letters.
        init(_ word: LineWord) {
            let letters = TesseractHandwritingRecognizer.plain(word.text)
            var read: [Unicode.Scalar] = []
            var places: [[(letter: Unicode.Scalar, price: Double)]] = []
            for choices in word.characters {
                guard let best = choices.first else { break }
                let bestLetters = TesseractHandwritingRecognizer.plain(best.text)
                read += bestLetters
                guard bestLetters.count == 1, best.confidence > 0 else {
                    places += Array(repeating: [], count: bestLetters.count)
                    continue
                }
                var others: [(letter: Unicode.Scalar, price: Double)] = []
                for choice in choices.dropFirst() {
                    let other = TesseractHandwritingRecognizer.plain(choice.text)
                    guard other.count == 1, other[0] != bestLetters[0], !others.contains(where: { $0.letter == other[0] })
                    else { continue }
                    others.append((other[0], Self.alternativeWeight * max(0, 1 - choice.confidence / best.confidence)))
                }
                places.append(others)
            }
            if word.text.unicodeScalars.contains("\u{200E}") {
                read.reverse()
                places.reverse()
            }
            self.init(letters: letters, alternatives: read == letters ? places : [])
        }

        /// The words of one ink read as one word: their letters and places one after another.
        init(joining readings: [Reading]) {
            letters = readings.flatMap(\.letters)
            let complete = readings.allSatisfy { !$0.weighed.isEmpty }
            weighed = complete ? readings.flatMap(\.weighed) : []
            weighedPrices = complete ? readings.flatMap(\.weighedPrices) : []
            substitutionPrices = makePrices()
        }

        /// What changing the reading's letter at `place` for `letter` costs, in edits: the
        /// lesser of `substitution` and the price of `letter` weighed there.
        func substitution(_ letter: Unicode.Scalar, at place: Int) -> Double {
            let code = letter.value
            if !substitutionPrices.isEmpty, Self.alphabet.contains(code) {
                return substitutionPrices[Int(code - Self.alphabet.lowerBound) * letters.count + place]
            }
            return weighedSubstitution(letter, at: place)
        }

        /// `substitution(_:at:)` worked out from the letters weighed at `place`.
        private func weighedSubstitution(_ letter: Unicode.Scalar, at place: Int) -> Double {
            let shape = TesseractHandwritingRecognizer.substitution(letter, letters[place])
            guard shape > 0, !weighed.isEmpty else { return shape }
            var cost = shape
            for slot in (place * Self.slots)..<((place + 1) * Self.slots) where weighed[slot] == letter {
                cost = min(cost, weighedPrices[slot])
            }
            return cost
        }
    }
}

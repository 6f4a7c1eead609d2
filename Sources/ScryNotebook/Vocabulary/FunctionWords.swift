import ScryCore
/// English words that carry grammar rather than meaning, never vocabulary: pronouns,
/// prepositions, conjunctions, articles, the forms of be, have and do (with their
/// contractions), modal verbs, negations, determiners and quantifiers; and numbers written as
/// words. Lower case.
public enum FunctionWords {
    public static func contains(_ word: String) -> Bool { all.contains(word) }

    static let articles: Set<String> = ["a", "an", "the"]

    static let pronouns: Set<String> = [
        "i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "yourselves",
        "he", "him", "his", "himself", "she", "her", "hers", "herself", "it", "its", "itself",
        "we", "us", "our", "ours", "ourselves", "they", "them", "their", "theirs", "themselves",
        "one", "oneself", "thee", "thou", "thy", "thine", "ye",
        "this", "that", "these", "those", "who", "whom", "whose", "which", "what",
        "whoever", "whomever", "whatever", "whichever",
        "anyone", "anybody", "anything", "everyone", "everybody", "everything",
        "someone", "somebody", "something", "noone", "nobody", "nothing", "none",
        "each", "either", "neither",
    ]

    static let prepositions: Set<String> = [
        "about", "above", "across", "after", "against", "along", "alongside", "amid", "amidst",
        "among", "amongst", "around", "as", "at", "atop", "before", "behind", "below", "beneath",
        "beside", "besides", "between", "beyond", "by", "despite", "down", "during", "except",
        "for", "from", "in", "inside", "into", "of", "off", "on", "onto", "out", "outside",
        "over", "per", "since", "than", "through", "throughout", "till", "to", "toward",
        "towards", "under", "underneath", "until", "unto", "up", "upon", "via", "with",
        "within", "without", "amongst", "whilst",
    ]

    static let conjunctions: Set<String> = [
        "and", "or", "but", "nor", "so", "yet", "because", "although", "though", "while",
        "whereas", "if", "unless", "when", "whenever", "where", "wherever", "whether", "lest",
        "both", "once", "whereby", "wherein",
    ]

    static let beHaveDo: Set<String> = [
        "be", "am", "is", "are", "was", "were", "been", "being",
        "isn't", "aren't", "wasn't", "weren't", "ain't",
        "have", "has", "had", "having", "haven't", "hasn't", "hadn't",
        "do", "does", "did", "done", "doing", "don't", "doesn't", "didn't",
    ]

    /// Modal and semi-modal verbs, with their contractions.
    static let modals: Set<String> = [
        "can", "could", "may", "might", "must", "shall", "should", "will", "would", "ought", "cannot",
        "can't", "couldn't", "mayn't", "mightn't", "mustn't", "shan't", "shouldn't", "won't", "wouldn't",
        "oughtn't", "needn't", "daren't", "wilt", "shalt", "canst", "couldst", "wouldst", "shouldst",
    ]

    /// Negations.
    static let negations: Set<String> = ["not", "no", "never", "nay", "nowhere", "nevermore"]

    /// Determiners and quantifiers.
    static let determiners: Set<String> = [
        "all", "any", "another", "other", "others", "every", "some", "many", "much", "more", "most",
        "few", "fewer", "fewest", "less", "least", "several", "enough", "such", "same", "own", "lot", "lots",
        "plenty", "half", "whatsoever",
    ]

    /// Numbers written as words are numbers too ("three", "forty", "hundred").
    static let cardinalNumbers: Set<String> = [
        "zero", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred",
        "thousand", "million", "billion", "trillion",
    ]

    static let all: Set<String> = articles.union(pronouns).union(prepositions).union(conjunctions)
        .union(beHaveDo).union(cardinalNumbers).union(modals).union(negations).union(determiners)
}

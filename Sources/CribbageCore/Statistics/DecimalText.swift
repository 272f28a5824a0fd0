extension Double {
    /// The number with a fixed count of decimals, rounded half away from zero, never "-0":
    /// the one number formatter of the counter and the command line.
    ///
    ///     16.6304.decimal(places: 2)   // "16.63"
    ///     (-0.0004).decimal(places: 3)  // "0.000"
    public func decimal(places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((magnitude * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        let text = places == 0
            ? "\(scaled)"
            : "\(scaled / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
        return self < 0 && scaled != 0 ? "-" + text : text
    }
}

extension Double {
    /// The same with a plus before a number that does not round below zero: `0.4123.signed(places: 3)`
    /// is "+0.412", `(-0.0004).signed(places: 3)` "+0.000".
    public func signed(places: Int) -> String {
        let text = decimal(places: places)
        return text.hasPrefix("-") ? text : "+" + text
    }
}

extension Double {
    /// A chance as a percentage with one decimal: `0.4153.percent` is "41.5%".
    public var percent: String { (self * 100).decimal(places: 1) + "%" }
}

extension Double {
    /// The two chances as percentages, with one decimal unless they would read alike, then with as
    /// many more (up to three) as part them: 0.99996 against 0.99991 is "100.00%" and "99.99%",
    /// not "100.0%" twice. Two that read alike even then keep one decimal.
    public static func percents(_ a: Double, _ b: Double) -> (String, String) {
        let text = { (value: Double, places: Int) in (value * 100).decimal(places: places) + "%" }
        let places = (1...3).first { text(a, $0) != text(b, $0) } ?? 1
        return (text(a, places), text(b, places))
    }

    /// Two game points' figures signed, with three decimals unless they would read alike, then up
    /// to five; two that read alike even then keep three.
    public static func signedApart(_ a: Double, _ b: Double) -> (String, String) {
        let places = (3...5).first { a.signed(places: $0) != b.signed(places: $0) } ?? 3
        return (a.signed(places: places), b.signed(places: places))
    }
}

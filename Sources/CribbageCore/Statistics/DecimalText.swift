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

/// n choose k for the n ≤ 4 that the cards of one rank allow: worked out once, then looked up
/// (the one binomial of the core).
///
///     SmallBinomial.choose(4, 2)   // 6: the pairs among four fives
enum SmallBinomial {
    /// C(n, k) at `n · 5 + k` for n and k in 0...4; 0 where k > n.
    static let table: [Int] = (0..<25).map { index in
        let (n, k) = (index / 5, index % 5)
        guard k <= n else { return 0 }
        var result = 1
        for i in 0..<k { result = result * (n - i) / (i + 1) }
        return result
    }

    static func choose(_ n: Int, _ k: Int) -> Int {
        guard k >= 0, k <= n else { return 0 }
        precondition(n <= 4, "tabled for n ≤ 4")
        return table[n * 5 + k]
    }
}

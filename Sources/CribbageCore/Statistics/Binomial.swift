/// n choose k, the one binomial of the core: tabled for the n ≤ 4 that the cards of one rank
/// allow (the hot loops look those up), worked out for any other n.
///
///     Binomial.choose(4, 2)    // 6: the pairs among four fives
///     Binomial.choose(45, 2)   // 990: the pairs among the 45 cards left
enum Binomial {
    /// C(n, k) at `n · 5 + k` for n and k in 0...4; 0 where k > n.
    static let table: [Int] = (0..<25).map { index in product(index / 5, index % 5) }

    static func choose(_ n: Int, _ k: Int) -> Int {
        guard k >= 0, k <= n else { return 0 }
        return n <= 4 ? table[n * 5 + k] : product(n, k)
    }

    /// C(n, k) for 0 ≤ n; 0 where k > n.
    private static func product(_ n: Int, _ k: Int) -> Int {
        guard k <= n else { return 0 }
        var result = 1
        for i in 0..<k { result = result * (n - i) / (i + 1) }
        return result
    }
}

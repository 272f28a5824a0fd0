// Placeholder until generated.
extension CribTable {
    static let expertDealerRows: [[Double]] = Array(repeating: Array(repeating: 0, count: 13), count: 13)
    static let expertPoneRows: [[Double]] = Array(repeating: Array(repeating: 0, count: 13), count: 13)
}

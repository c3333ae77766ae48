import XCTest
@testable import InboxModel

/// The wallets the lookup passes over, kept in the resolution's list buffer with their
/// problem worked out when asked.
final class ResolutionWalletTests: JSONTestCase {
    /// Each rejected wallet's problem, read from its plain failure, is the one
    /// `WalletPass.decode` gives for its value; the passes are listed in lookup order.
    func testRejectedWalletsKeepTheirProblems() throws {
        let values = [#""""#, #""wallet.example.com/a.pkpass""#, #""myapp://pass""#, #""httpx://x.example.com/p""#, "3", "null",
                      "[]", #"{}"#, #"{"pass": 7}"#, #"{"pass": ""}"#, #"{"pass": "ftp://x.example.com/p"}"#,
                      #"{"pass": "\u0066tp://x"}"#, #"{"pass": "javascript:alert(1)"}"#, #"{"url": "https://x.example.com/p"}"#]
        for (index, value) in values.enumerated() {
            let other = values[(index + 5) % values.count]
            // Rejected at the root and in the `u` string; the `u` object's pass is used.
            let json = #"{"aps": {"alert": "A"}, "wallet": \#(value), "u": {"wallet": \#(other)}}"#
            let message = try XCTUnwrap(Inspector(options: InspectionOptions()).inspect(Array(json.utf8), source: "t.json").messages.first)
            let rejected = message.resolution.rejectedWallets
            XCTAssertEqual(rejected.map(\.source.pointer), ["/wallet", "/u/wallet"], value)
            for wallet in rejected {
                guard case .failure(let expected) = WalletPass.decode(wallet.source) else { return XCTFail("\(value) is usable") }
                XCTAssertEqual(wallet.problem, expected, value)
            }
            XCTAssertNil(message.resolution.wallet, value)
            let passSites = message.resolution.urlSites.filter { $0.role == .walletPass }
            XCTAssertTrue(passSites.allSatisfy { !$0.used }, value)
        }
        let usable = #"{"aps": {"alert": "A"}, "wallet": 3, "u": {"wallet": {"pass": "https://x.example.com/p.pkpass"}}}"#
        let message = try XCTUnwrap(Inspector(options: InspectionOptions()).inspect(Array(usable.utf8), source: "t.json").messages.first)
        XCTAssertEqual(message.resolution.rejectedWallets.map(\.problem), [.wrongType])
        XCTAssertEqual(message.resolution.wallet?.pass, "https://x.example.com/p.pkpass")
    }
}

import ArgumentParser
import CribbageCore

/// `--dealer` or `--pone`, or neither: whose crib it is, for the commands whose crib depends on it.
///
///     let role = try roleOption.role()   // .dealer, .pone or .none
struct RoleOption: ParsableArguments {
    @Flag(help: "Your own crib: you deal (discard: net = hand + crib; crib: that table alone; play --advise: the advice is the dealer's).")
    var dealer = false

    @Flag(help: "The opponent's crib: you are the pone (discard: net = hand - crib; crib: that table alone; play --advise: the advice is the pone's).")
    var pone = false

    /// The role given, `.none` for neither; both is the bad input, named.
    func role() throws(BadInput) -> Role {
        if dealer && pone {
            throw BadInput(message: "both '--dealer' and '--pone': the crib is either yours or the opponent's, so give one or neither")
        }
        return dealer ? .dealer : pone ? .pone : .none
    }
}

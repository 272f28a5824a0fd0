import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOSSH

/// The server's Ed25519 host key, made on the first start in the data folder
/// (`host_ed25519_key`, 0600: a line `twentynine-ed25519 <the private key's 32 bytes in base64>`),
/// and its fingerprint as OpenSSH prints it (`SHA256:` and the unpadded base64 of the SHA-256 of
/// the public key's wire form), so that players can check it.
public struct HostKey: Sendable {
    public let key: NIOSSHPrivateKey
    /// `ssh-ed25519 AAAA…`, as a known_hosts line has it.
    public let publicKeyLine: String
    public let fingerprint: String

    static let fileName = "host_ed25519_key"
    static let header = "twentynine-ed25519 "

    /// The key in `folder`, made there when none is.
    public static func loadOrCreate(in folder: String) throws -> HostKey {
        let path = folder + "/" + fileName
        if let bytes = try ClubFiles.read(path, limit: 4096) {
            let text = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard text.hasPrefix(header), let raw = Data(base64Encoded: String(text.dropFirst(header.count))),
                  let signing = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
                throw ClubFiles.Failure(description: "\(path) is not a host key this program made; it is kept as it is")
            }
            return HostKey(signing)
        }
        let signing = Curve25519.Signing.PrivateKey()
        try ClubFiles.write(Array((header + signing.rawRepresentation.base64EncodedString() + "\n").utf8), to: path)
        return HostKey(signing)
    }

    init(_ signing: Curve25519.Signing.PrivateKey) {
        key = NIOSSHPrivateKey(ed25519Key: signing)
        publicKeyLine = String(openSSHPublicKey: key.publicKey)
        fingerprint = Self.fingerprint(of: key.publicKey)
    }

    /// `SHA256:…` of any public key, as `ssh-keygen -l` prints it.
    public static func fingerprint(of key: NIOSSHPublicKey) -> String {
        let parts = String(openSSHPublicKey: key).split(separator: " ")
        guard parts.count >= 2, let blob = Data(base64Encoded: String(parts[1])) else { return "SHA256:?" }
        var digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        while digest.hasSuffix("=") { digest.removeLast() }
        return "SHA256:" + digest
    }
}

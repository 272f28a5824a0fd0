import Testing
@testable import CribbageCore

import Testing
@testable import CribbageUI

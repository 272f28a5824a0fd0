import Canvas
import CribbageUI
import Testing

/// The main loop on the in-memory backend: read, handle, draw, suspend, resize, quit.
@Suite("Main loop")
struct MainLoopTests {
    private let size = Size(width: 80, height: 24)

    @Test func drawsTheFirstFrameThenOneFramePerInputUntilTheInputEnds() {
        let backend = InMemoryBackend(size: size, script: [.key(.character(" ")), .key(.right)])
        MainLoop.run(on: backend)
        #expect(backend.frames.count == 3)
        #expect(backend.frames[0].text.contains("Select the cut card"))
        #expect(backend.frames[1].text.contains("Select 4 hand cards: 4 left"))
    }

    @Test func quitEndsTheLoopBeforeTheNextInput() {
        let backend = InMemoryBackend(size: size, script: [.key(.character("q")), .key(.character(" "))])
        MainLoop.run(on: backend)
        #expect(backend.remainingSteps == 1)
        #expect(backend.frames.count == 1)
    }

    @Test func ctrlLAsksForAFullRepaint() {
        let backend = InMemoryBackend(size: size, script: [.key(.control("l"))])
        MainLoop.run(on: backend)
        #expect(backend.repaints == 1)
    }

    @Test func aResizeIsDrawnAtTheNewSize() {
        let backend = InMemoryBackend(size: size, script: [.resize(Size(width: 30, height: 10)), .resize(size)])
        MainLoop.run(on: backend)
        #expect(backend.frames.map(\.size) == [size, Size(width: 30, height: 10), size])
        #expect(backend.frames[1].text.contains("Terminal too small"))
    }

    /// ctrl-z: the backend suspends; a resize while suspended is drawn at once, repainted whole.
    @Test func suspendThenAResizeWhileSuspendedIsDrawnOnResume() {
        let small = Size(width: 30, height: 10)
        let backend = InMemoryBackend(size: size, script: [.key(.suspend), .silentResize(small)])
        MainLoop.run(on: backend)
        #expect(backend.suspensions == 1)
        #expect(backend.repaints == 1)
        #expect(backend.frames.count == 2)
        #expect(backend.frames.last?.size == small)
        #expect(backend.frames.last?.text.contains("Terminal too small") == true)
    }

    /// However large the terminal, the app draws at most `Size.largestDrawn`.
    @Test func aHugeTerminalIsClampedToTheLargestDrawnSize() {
        let huge = Size(width: 100_000, height: 100_000)
        let backend = InMemoryBackend(size: huge, script: [.resize(huge), .key(.right)])
        MainLoop.run(on: backend)
        #expect(backend.frames.allSatisfy { $0.size == Size.largestDrawn })
    }

    /// A paste into the `:` entry types its first line; the rest (a `q` in it) is not keys.
    @Test func aPasteTypesOnlyItsFirstLineIntoTheEntry() {
        let backend = InMemoryBackend(size: size, script: [
            .key(.character(":")), .key(.paste("5d 5h 5c 5s jd\nq\nn")), .key(.character("b")),
        ])
        MainLoop.run(on: backend)
        #expect(backend.remainingSteps == 0)
        #expect(backend.frames.count == 4)
        #expect(backend.frames[2].text.contains("Count: 29"))
        // The breakdown's total row: " Total", spaces, "29".
        #expect(backend.frames[3].text.split(separator: "\n").contains { $0.hasPrefix(" Total ") && $0.hasSuffix(" 29") })
    }

    @Test func aPasteOutsideTheEntryIsNotKeys() {
        let backend = InMemoryBackend(size: size, script: [.key(.paste("q")), .key(.character(" "))])
        MainLoop.run(on: backend)
        #expect(backend.remainingSteps == 0)
        #expect(backend.frames.last?.text.contains("Select 4 hand cards: 4 left") == true)
    }
}

import Canvas
import CribbageUI
import CribbageCore
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
        #expect(backend.frames[3].text.contains(try! Regex("Total +29")))
    }

    @Test func aPasteOutsideTheEntryIsNotKeys() {
        let backend = InMemoryBackend(size: size, script: [.key(.paste("q")), .key(.character(" "))])
        MainLoop.run(on: backend)
        #expect(backend.remainingSteps == 0)
        #expect(backend.frames.last?.text.contains("Select 4 hand cards: 4 left") == true)
    }
}

/// A keeper in memory: the game it holds, and every save asked of it.
private final class KeeperInMemory {
    var kept: KeptGame
    var loads = 0
    var saves: [(game: Game, isNew: Bool)] = []
    var failure: GameKeepingFailure?

    init(_ kept: KeptGame) { self.kept = kept }

    /// Its answers to the board's requests.
    var keeper: Keeper {
        var keeper = Keeper()
        keeper.answer(BoardLoad.self) { _ in
            self.loads += 1
            return self.kept
        }
        keeper.answer(BoardSave.self) { save in
            self.saves.append((save.game, save.isNew))
            return self.failure.map(GameSaving.failed) ?? .saved
        }
        return keeper
    }
}

@Suite("Main loop with a kept game")
struct MainLoopKeeperTests {
    private let size = Size(width: 80, height: 24)

    @Test func theCounterReadsTheGameOnlyWhenTheBoardIsAskedFor() throws {
        let keeper = KeeperInMemory(.game(try Game(names: ["Ann", "Bob"]), message: "game.json was unreadable"))
        let backend = InMemoryBackend(size: size, script: [.key(.character(" ")), .key(.character("B")),
                                                           .key(.character("h")), .key(.escape), .key(.character("B"))])
        MainLoop.run(on: backend, keeper: keeper.keeper)
        #expect(keeper.loads == 1)
        #expect(backend.frames[1].text.contains("Select 4 hand cards"))
        #expect(backend.frames[2].text.contains("TwentyNine · Board"))
        #expect(backend.frames[2].text.contains("game.json was unreadable"))
        #expect(keeper.saves.map(\.game.totals) == [[2, 0]])
        #expect(keeper.saves.map(\.isNew) == [false])
        #expect(backend.frames[5].text.contains("Ann pegs 2 for his heels"))
    }

    @Test func openingTheBoardAtOnceAndAFailedSave() throws {
        let keeper = KeeperInMemory(.game(try Game(names: ["Ann", "Bob"]), message: nil))
        keeper.failure = .store("disk full")
        let backend = InMemoryBackend(size: size, script: [.key(.character("h"))])
        MainLoop.run(on: backend, keeper: keeper.keeper, opening: .board)
        #expect(backend.frames[0].text.contains("TwentyNine · Board"))
        #expect(backend.frames[1].text.contains("not saved: disk full"))
    }

    @Test func noGameToBeHadIsANotice() {
        let keeper = KeeperInMemory(.unavailable(.store("HOME is not set")))
        let backend = InMemoryBackend(size: size, script: [.key(.character("B"))])
        MainLoop.run(on: backend, keeper: keeper.keeper)
        #expect(backend.frames[1].text.contains("No game: HOME is not set"))
        // Without a keeper at all, likewise.
        let alone = InMemoryBackend(size: size, script: [.key(.character("B"))])
        MainLoop.run(on: alone)
        #expect(alone.frames[1].text.contains("No game: this run keeps no game"))
    }
}

import CribbageCore

/// The one reducer: every change to AppState goes through here.
enum Reducer {
    static func reduce(_ state: inout AppState, _ action: Action) -> Effect {
        if action != .redrawRequested, !isResize(action) { state.notice = nil }
        let before = (state.selection, state.rules)
        defer {
            // A new hand or new rules need a new answer.
            if before != (state.selection, state.rules) {
                state.practice.answer = ""
                state.practice.verdict = nil
            }
        }
        switch action {
        case .cursorMoved(let direction):
            state.cursor.move(direction)

        case .cardToggled(let card):
            state.cursor = GridPosition(card)
            state.toggle(card)

        case .entryStarted:
            state.entry = TypedEntry()
        case .entryTyped(let character):
            state.entry?.text.append(character)
            state.entry?.error = nil
        case .entryErased:
            if state.entry?.text.isEmpty == false { state.entry?.text.removeLast() }
            state.entry?.error = nil
        case .entrySubmitted:
            state.submitEntry()
        case .entryCancelled:
            state.entry = nil

        case .breakdownRequested:
            if state.completeHand == nil {
                state.notice = "Choose five cards first: the cut and four hand cards"
            } else {
                state.breakdownScroll = 0
                state.navigation.push(.breakdown)
            }
        case .backRequested:
            state.navigation.pop()
        case .newHandRequested:
            state.cut = nil
            state.hand = []
            state.discard.setPicks([])
            state.entry = nil
            state.breakdownScroll = 0
            state.navigation.popToRoot()
        case .rulesToggled:
            state.rules = state.rules == .hand ? .crib : .hand
            state.clampScroll()
        case .helpToggled:
            if state.navigation.overlay == .help {
                state.navigation.dismiss()
            } else {
                state.helpScroll = 0
                state.navigation.present(.help)
            }

        case .scrolled(let lines):
            if state.navigation.overlay == .help {
                state.helpScroll += lines
            } else {
                state.breakdownScroll += lines
            }
            state.clampScroll()
        case .scrolledToEdge(let top):
            let edge = top ? 0 : Int.max / 2
            if state.navigation.overlay == .help {
                state.helpScroll = edge
            } else {
                state.breakdownScroll = edge
            }
            state.clampScroll()

        case .practiceToggled:
            state.practice.isOn.toggle()
            state.practice.answer = ""
            state.practice.verdict = nil
        case .answerTyped(let digit):
            if state.practice.answer.count < 2 { state.practice.answer.append(digit) }
        case .answerErased:
            if !state.practice.answer.isEmpty { state.practice.answer.removeLast() }
        case .answerSubmitted:
            state.submitAnswer()

        case .discardAdvisorRequested:
            state.navigation.push(.discardAdvisor)
        case .dealtCardToggled(let card):
            state.cursor = GridPosition(card)
            if let index = state.discard.picks.firstIndex(of: card) {
                var picks = state.discard.picks
                picks.remove(at: index)
                state.discard.setPicks(picks)
            } else if state.discard.picks.count < 6 {
                state.discard.setPicks(state.discard.picks + [card])
            } else {
                state.notice = "Six cards are dealt: put one back (backspace) before picking \(card.symbol)"
            }
        case .lastDealtCardRemoved:
            state.discard.setPicks(Array(state.discard.picks.dropLast()))
        case .roleSwitched:
            let roles = Role.allCases
            state.discard.role = roles[(roles.firstIndex(of: state.discard.role)! + 1) % roles.count]
            state.discard.highlighted = 0
        case .keepHighlighted(let offset):
            let count = state.discard.rankedKeeps.count
            if count > 0 {
                state.discard.highlighted = (state.discard.highlighted + offset % count + count) % count
            }
        case .keepChosen:
            let keeps = state.discard.rankedKeeps
            if keeps.indices.contains(state.discard.highlighted) {
                state.cut = nil
                state.hand = keeps[state.discard.highlighted].keep
                state.navigation.popToRoot()
            }

        case .redrawRequested:
            return .redraw
        case .quitRequested:
            return .quit
        case .resized(let size):
            state.screenSize = size
            state.clampScroll()
        }
        // The breakdown shows a complete hand only; without one, back to the results.
        if state.navigation.top == .breakdown, state.completeHand == nil { state.navigation.pop() }
        return .none
    }

    private static func isResize(_ action: Action) -> Bool {
        if case .resized = action { return true }
        return false
    }
}

extension GridPosition {
    /// Moves one step, wrapping around the edges of the grid.
    mutating func move(_ direction: Direction) {
        switch direction {
        case .up: row = (row + GridPosition.rows - 1) % GridPosition.rows
        case .down: row = (row + 1) % GridPosition.rows
        case .left: column = (column + GridPosition.columns - 1) % GridPosition.columns
        case .right: column = (column + 1) % GridPosition.columns
        }
    }
}

extension AppState {
    /// Selects a card from the deck (the cut first, then the hand), or puts a selected one back.
    mutating func toggle(_ card: Card) {
        if cut == card {
            cut = nil
        } else if let index = hand.firstIndex(of: card) {
            hand.remove(at: index)
        } else if cut == nil {
            cut = card
        } else if hand.count < 4 {
            hand.append(card)
        } else {
            notice = "Five cards are chosen: deselect one before choosing \(card.symbol)"
        }
    }

    /// Applies the typed cards (cut first) in place of the selection, or shows why not.
    mutating func submitEntry() {
        guard let text = entry?.text else { return }
        let tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !tokens.isEmpty else {
            entry?.error = navigation.top == .discardAdvisor
                ? "Type the six cards dealt: 5s 4d jd 4c 5c 5h"
                : "Type up to five cards, cut first: 5d 5h 5c 5s jd"
            return
        }
        if navigation.top == .discardAdvisor {
            guard tokens.count <= 6 else {
                entry?.error = "Too many cards at '\(tokens[6])': six are dealt"
                return
            }
            do {
                discard.setPicks(try Card.parseDistinct(tokens))
                entry = nil
            } catch {
                entry?.error = error.description
            }
            return
        }
        guard tokens.count <= 5 else {
            entry?.error = "Too many cards at '\(tokens[5])': at most five, the cut then four hand cards"
            return
        }
        do {
            let cards = try Card.parseDistinct(tokens)
            cut = cards[0]
            hand = Array(cards.dropFirst())
            cursor = GridPosition(cards[0])
            entry = nil
        } catch {
            entry?.error = error.description
        }
    }

    /// Grades the typed count against the hand.
    mutating func submitAnswer() {
        guard let hand = completeHand else { return }
        guard let claimed = Int(practice.answer) else {
            notice = "Type your count (a number), then enter"
            return
        }
        let verdict = hand.breakdown(rules: rules).muggins(claimed: claimed)
        practice.verdict = verdict
        practice.streak = verdict.isRight ? practice.streak + 1 : 0
    }

    mutating func clampScroll() {
        let maximum = BreakdownLayout(state: self).maximumScroll
        breakdownScroll = Swift.max(0, Swift.min(breakdownScroll, maximum))
        let helpMaximum = HelpLayout(lines: HelpViewModel.standard.lines.count, size: screenSize).maximumScroll
        helpScroll = Swift.max(0, Swift.min(helpScroll, helpMaximum))
    }
}

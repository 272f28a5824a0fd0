import SelfPlayKit

// selfplay: the engine measured in seeded self-play, and the tables it makes (SelfPlayKit).
await SelfPlay.start()

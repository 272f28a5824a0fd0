import TwentyNineCommands

TwentyNine.main()

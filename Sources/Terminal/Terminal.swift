import CNCurses

"""The Class of '89 board for the web table page (board.js) and the script that writes its components."""

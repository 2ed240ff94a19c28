# Screens, fonts, canvas and the partial display flush (no hardware imports).

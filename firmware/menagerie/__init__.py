# Menagerie firmware package. Layers: core (pure rules) <- ui <- app <- hw.
VERSION = "0.1.0"

# Host tools for people with a real board: the `menagerie` command.

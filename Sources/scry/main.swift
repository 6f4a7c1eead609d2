// Entry point. Heavy libraries (tesseract, OpenVINO) are opened when a command first needs
// them, so a command that does not use them starts without loading them.
Scry.runAndExit()

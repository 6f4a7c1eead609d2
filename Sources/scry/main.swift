// Entry point: tesseract's OpenMP threads slow it down and fight the lanes' own threads, and
// libgomp reads OMP_THREAD_LIMIT when it loads, before any Swift code runs; so scry makes sure
// the variable is set, re-executing itself once if it was not.
OpenMPThreadLimit.ensureSingleThread()
Scry.runAndExit()

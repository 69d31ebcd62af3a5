"""The bots' thinking that needs no browser: in slices on the page's thread, and in the bots' Web Worker."""

// @ts-check
// pygames boot: what runs before Python, in modules by job, bundled by the build into the one small boot.js
// that index.html loads (tools/site/bundles.py OWN):
//   python.js          Python's start once the first screen is painted, and the late files
//   texts.js           what the boot says, in the player's language
//   progress.js        the first visit's download and start-up phases on the bottom line
//   before-python.js   the first screen before Python runs: taps, the language menu, style sheets, morphdom,
//                      a link's game screen laid out unseen
//   failure.js         a visible error if Python fails to start
//   updates.js         the service worker, and the "new version" banner
// Their order here is the order they start in: each listens before what it listens for can happen.

import { answerBeforePython, linkStylesSoon, loadMorph, warmLinkedScreen } from "./before-python.js";
import { watchFailures } from "./failure.js";
import { showProgress, watchDownloads, watchPhases } from "./progress.js";
import { startPythonAfterFirstPaint } from "./python.js";
import { translatePage } from "./texts.js";
import { serveOffline } from "./updates.js";

translatePage();
loadMorph();
linkStylesSoon();
answerBeforePython();
watchPhases();
watchDownloads();
startPythonAfterFirstPaint(); // (after every listener above: a hidden tab starts Python at once)
warmLinkedScreen();
showProgress();
watchFailures();
serveOffline();

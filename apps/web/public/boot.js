// Asks for the site's code and runs it once the splash is on screen, with the page's first picture
// where the server put one in it (home's banner, the sign-in screens' logo); the server serves this
// instead of the entry's own script, with the code's preloads held in <template id="bp-code">. So
// a slow phone spends its connection on the page, its styles and its picture first, and shows the
// splash instead of a blank screen until the code has run (issue 13). The browser says when the
// splash is on screen (its first-contentful-paint entry, the picture's largest-contentful-paint);
// failing that, a quarter second after the next frame or the picture's decoding; in any case a
// second and a half at most.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(entry);
    // The preloads one a task: each request costs the main thread a few milliseconds (far more
    // under DevTools, which records every request's initiator), and the thirty at once held a
    // slow phone's main thread for 60 ms, four at once still 80-100 ms in Lighthouse's terms. A
    // message, not a timer: nested timers wait 4 ms each.
    var code = document.getElementById('bp-code');
    var links = code ? Array.prototype.slice.call(code.content.children) : [];
    var channel = new MessageChannel();
    channel.port1.onmessage = function more() {
      var link = links.shift();
      if (!link) return channel.port1.close();
      document.head.appendChild(link);
      channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);
  }
  setTimeout(start, 1500);
  // A hidden page paints nothing.
  if (document.visibilityState === 'hidden') return start();
  var picture = document.querySelector('img[data-first-picture]');
  try {
    new PerformanceObserver(function (list, observer) {
      var shown = list.getEntries().some(function (e) {
        return picture ? e.element === picture : e.name === 'first-contentful-paint';
      });
      if (!shown) return;
      observer.disconnect();
      start();
    }).observe({ type: picture ? 'largest-contentful-paint' : 'paint', buffered: true });
  } catch {
    // No paint timing here: the next frames, or the decoded picture, below.
  }
  if (!picture)
    return requestAnimationFrame(function () {
      setTimeout(start, 250);
    });
  picture.decode().then(
    () => setTimeout(start, 250),
    () => start(),
  );
})();

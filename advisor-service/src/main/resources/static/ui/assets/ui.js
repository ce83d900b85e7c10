// ctuner advisor UI: local times and live regions. No dependencies; loaded with `defer`.
(function () {
  'use strict';

  var dateTime = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' };
  var hourMinute = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

  // Times are rendered in UTC (kept in the title); show them in the browser's time zone.
  function localize(root) {
    root.querySelectorAll('time[data-local]').forEach(function (t) {
      var d = new Date(t.getAttribute('datetime'));
      if (!isNaN(d)) { t.textContent = d.toLocaleString(undefined, dateTime); }
    });
    root.querySelectorAll('[data-local-hm]').forEach(function (t) {
      var d = new Date(t.getAttribute('data-time'));
      if (!isNaN(d)) { t.textContent = d.toLocaleTimeString(undefined, hourMinute); }
    });
  }

  function say(text, bad) {
    var status = document.querySelector('[data-live-status]');
    if (status) {
      status.textContent = text;
      status.classList.toggle('bad', !!bad);
    }
  }

  // A live region re-renders itself from its fragment URL every few seconds while the page is visible.
  // It waits while keyboard focus is inside it, so that a focused button is not replaced under the user.
  function live(region) {
    var url = region.getAttribute('data-live-url');
    var every = parseInt(region.getAttribute('data-live-every'), 10) || 5000;
    var stopped = false;
    function tick() {
      if (stopped) { return; }
      if (document.hidden || region.contains(document.activeElement)) { setTimeout(tick, every); return; }
      fetch(url, { credentials: 'same-origin', headers: { 'Accept': 'text/html' } }).then(function (res) {
        if (res.redirected && res.url.indexOf('/ui/login') >= 0) {
          stopped = true;
          say('Live updates stopped: your session ended. Reload the page to sign in again.', true);
          return null;
        }
        if (!res.ok) {
          say('Live update failed (HTTP ' + res.status + '); retrying.', true);
          return null;
        }
        return res.text();
      }).then(function (html) {
        if (html === null || html === undefined) { return; }
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var fresh = doc.querySelector('[data-live]');
        if (!fresh) { return; }
        region.innerHTML = fresh.innerHTML;
        localize(region);
        say('Live: updated ' + new Date().toLocaleTimeString(undefined, dateTime) + ', every ' + every / 1000 + ' s.');
      }).catch(function () {
        say('Live update failed: the advisor is not reachable; retrying.', true);
      }).then(function () { setTimeout(tick, every); });
    }
    setTimeout(tick, every);
  }

  // Time filters are typed in the browser's time zone: send it along, and say which it is.
  function timeZone() {
    var zone;
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { zone = null; }
    if (!zone) { return; }
    document.querySelectorAll('input[data-tz]').forEach(function (i) { i.value = zone; });
    document.querySelectorAll('[data-tz-label]').forEach(function (l) { l.textContent = '(' + zone + ')'; });
  }

  document.addEventListener('DOMContentLoaded', function () {
    localize(document);
    timeZone();
    document.querySelectorAll('[data-live]').forEach(live);
    document.querySelectorAll('[data-back]').forEach(function (b) {
      b.addEventListener('click', function () { history.back(); });
    });
  });
})();

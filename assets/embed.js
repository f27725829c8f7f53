/*! Course cost calculator: script embed. Turns every
 *    <div class="course-cost-embed" data-src="https://…/?embed=1#s=…"></div>
 *  into an iframe of the calculator that sizes itself to its content. No dependency; load it with
 *    <script src="https://…/embed.js" async></script>
 *  Without data-src, the div shows the calculator this script comes from. data-src is read
 *  against the host page's address and only http(s) addresses load: anything else (javascript:,
 *  data:, …) is refused with a message in the div. data-share-link="1" lets the frame name its
 *  whole address (with the scenario) in the Embedly resize message; by default it does not.
 *  Divs added later are turned by calling CourseCostEmbed.scan().
 */
(function () {
  'use strict';
  if (window.CourseCostEmbed) {
    window.CourseCostEmbed.scan();
    return;
  }
  var MESSAGE = 'course-cost:height';
  var script = document.currentScript;
  var home = new URL('./', (script && script.src) || document.baseURI).href;
  var frames = [];

  /** The embed address for a div (its data-src, embed=1 added when missing), or null. */
  function source(div) {
    var given = div.getAttribute('data-src');
    var url;
    try {
      url = new URL(given && given.trim() ? given.trim() : home, document.baseURI);
    } catch (error) {
      return null;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.searchParams.get('embed') === null) url.searchParams.set('embed', '1');
    var share = div.getAttribute('data-share-link');
    if (share === '1' || share === 'true') url.searchParams.set('share_link', '1');
    return url.href;
  }

  /** Says in the div why it shows no calculator. */
  function refuse(div) {
    var note = document.createElement('p');
    note.setAttribute('data-course-cost-refused', '');
    note.setAttribute('role', 'status');
    note.textContent =
      'Course cost calculator: this embed was not loaded, as its data-src is not an http(s) address.';
    div.appendChild(note);
  }

  function scan() {
    var divs = document.querySelectorAll('div.course-cost-embed');
    for (var i = 0; i < divs.length; i++) {
      var div = divs[i];
      if (div.getAttribute('data-embedded') === '1') continue;
      div.setAttribute('data-embedded', '1');
      var src = source(div);
      if (src === null) {
        refuse(div);
        continue;
      }
      var frame = document.createElement('iframe');
      frame.src = src;
      frame.title = div.getAttribute('data-title') || 'Course cost calculator';
      frame.setAttribute('loading', 'lazy');
      frame.setAttribute('data-course-cost', '');
      frame.style.display = 'block';
      frame.style.width = '100%';
      frame.style.border = '0';
      frame.style.height = (parseInt(div.getAttribute('data-height'), 10) || 900) + 'px';
      div.appendChild(frame);
      frames.push(frame);
    }
  }

  addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.type !== MESSAGE) return;
    var height = Number(data.height);
    if (!isFinite(height) || height <= 0) return;
    for (var i = 0; i < frames.length; i++) {
      // The message names no frame: the frame is the one whose window sent it.
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = Math.ceil(Math.min(height, 100000)) + 'px';
      }
    }
  });

  window.CourseCostEmbed = { scan: scan };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  else scan();
})();

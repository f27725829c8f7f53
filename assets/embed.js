/*! Course cost calculator: script embed. Turns every
 *    <div class="course-cost-embed" data-src="https://…/?embed=1#s=…"></div>
 *  into an iframe of the calculator that sizes itself to its content. No dependency; load it with
 *    <script src="https://…/embed.js" async></script>
 *  Without data-src, the div shows the calculator this script comes from. Divs added later are
 *  turned by calling CourseCostEmbed.scan().
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

  /** The embed address for a div: its data-src, with embed=1 added when missing. */
  function source(div) {
    var url;
    try {
      url = new URL(div.getAttribute('data-src') || home, document.baseURI);
    } catch (error) {
      url = new URL(home);
    }
    if (url.searchParams.get('embed') === null) url.searchParams.set('embed', '1');
    return url.href;
  }

  function scan() {
    var divs = document.querySelectorAll('div.course-cost-embed');
    for (var i = 0; i < divs.length; i++) {
      var div = divs[i];
      if (div.getAttribute('data-embedded') === '1') continue;
      div.setAttribute('data-embedded', '1');
      var frame = document.createElement('iframe');
      frame.src = source(div);
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

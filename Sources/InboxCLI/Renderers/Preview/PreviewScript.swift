/// The preview page's one script (allowed by its hash): it adds the feed's next pages as
/// the reader scrolls, fills in a finding's rule explanation when it is opened, moves a
/// carousel's page dots, hides images that fail to load (the placeholder beneath stays),
/// and plays Push Stories as the content extension does. It reads no payload data but
/// the page's own elements.
enum PreviewScript {
    static let text = #"""
(() => {
  'use strict';
  document.addEventListener('error', (event) => {
    if (event.target instanceof HTMLImageElement) event.target.classList.add('broken');
  }, true);

  const showMore = (button) => {
    const template = button.parentElement.querySelector(':scope > template');
    if (template) template.replaceWith(template.content);
    const waiting = [...button.parentElement.querySelectorAll(':scope > template')];
    if (waiting.length === 0) { button.remove(); return; }
    const left = waiting.reduce((sum, next) => sum + next.content.childElementCount, 0);
    button.textContent = 'Show more (' + left + ' more)';
  };
  const pagers = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting && entry.target.isConnected) showMore(entry.target);
  }, { rootMargin: '1200px 0px' });
  document.querySelectorAll('button.more').forEach((button) => pagers.observe(button));

  document.addEventListener('toggle', (event) => {
    const details = event.target;
    if (!(details instanceof HTMLDetailsElement) || !details.open || !details.dataset.rule) return;
    const target = details.querySelector('.explanation');
    const rule = document.getElementById('rule-' + details.dataset.rule);
    if (!target || target.childElementCount > 0 || !rule) return;
    const text = rule.querySelector('.explanation-text');
    if (text) for (const paragraph of text.children) target.appendChild(paragraph.cloneNode(true));
  }, true);

  document.addEventListener('scroll', (event) => {
    const slides = event.target;
    if (!(slides instanceof HTMLElement) || !slides.classList.contains('slides')) return;
    const index = Math.round(Math.abs(slides.scrollLeft) / Math.max(1, slides.clientWidth));
    const dots = slides.nextElementSibling;
    if (dots) [...dots.children].forEach((dot, at) => dot.classList.toggle('on', at === index));
  }, true);

  // Push Stories: each page for its duration, the left third back, the right third next,
  // the story ends after the last page.
  const players = new WeakMap();
  const stop = (player, state, why) => {
    clearTimeout(state.timer);
    if (state.animation) state.animation.pause();
    player.dataset.state = 'ended';
    player.querySelector('.ended p').textContent = why;
  };
  const show = (player, index) => {
    const state = players.get(player);
    clearTimeout(state.timer);
    if (state.animation) state.animation.cancel();
    const pages = player.querySelectorAll('.story-page');
    const fills = player.querySelectorAll('.segments i');
    if (index >= pages.length) {
      stop(player, state, 'The story has ended');
      fills.forEach((fill) => { fill.style.width = '100%'; });
      return;
    }
    index = Math.max(0, index);
    state.index = index;
    player.dataset.state = 'playing';
    player.dataset.page = String(index);
    pages.forEach((page, at) => page.classList.toggle('current', at === index));
    fills.forEach((fill, at) => { fill.style.width = at < index ? '100%' : '0%'; });
    const seconds = Number(pages[index].dataset.duration) || 5;
    state.animation = fills[index].animate([{ width: '0%' }, { width: '100%' }], { duration: seconds * 1000, fill: 'forwards' });
    state.timer = setTimeout(() => show(player, index + 1), seconds * 1000);
  };
  document.addEventListener('click', (event) => {
    const control = event.target instanceof Element ? event.target.closest('[data-act]') : null;
    if (!control) return;
    if (control.dataset.act === 'more') { showMore(control); return; }
    const player = control.closest('.player');
    if (!player) return;
    if (!players.has(player)) players.set(player, { index: 0, timer: 0, animation: null });
    const state = players.get(player);
    const act = control.dataset.act;
    if (act === 'play') show(player, 0);
    else if (act === 'open') stop(player, state, 'Opens ' + control.dataset.link + ' and dismisses the notification');
    else if (player.dataset.state === 'playing') show(player, state.index + (act === 'next' ? 1 : -1));
  });
})();
"""#
}

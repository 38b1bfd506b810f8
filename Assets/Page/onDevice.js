// When the page is the device (a phone's own browser, reached with
// `serve --lan`), there is no device to simulate: the phone's own width is
// the column, its own fonts break the lines, and the toolbar folds into a
// menu so the text gets the screen. A window as narrow as a phone is shown
// so too, whatever points at it: a device beside a desk's margins would not
// fit it, and the toolbar's controls would take half its height.
const query = window.matchMedia('(max-width: 600px)');

export function followDevice() {
  const root = document.documentElement;
  const apply = () => { root.dataset.onDevice = String(query.matches); };
  apply();
  query.addEventListener('change', apply);

  const menu = document.getElementById('tb-menu');
  const toolbar = document.querySelector('.toolbar');
  if (!menu || !toolbar) return;
  menu.addEventListener('click', () => {
    const open = !toolbar.classList.contains('menu-open');
    toolbar.classList.toggle('menu-open', open);
    menu.setAttribute('aria-expanded', String(open));
  });
}

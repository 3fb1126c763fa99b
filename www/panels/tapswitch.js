// The tap switch in the toolbar: what a tap on an empty cell of the board does — draw (an
// obstacle, or erase one) or ask where the cell's value came from — chosen by the person and
// shown on the board itself (its data-tap, phases.js tapMeaning), so that the same tap never
// does one thing or the other by a state nobody sees. A game without obstacles has nothing to
// draw: the switch is hidden there and a tap asks. It reads the state and sends the choice.

/**
 * Binds `[data-testid=tap-mode]` under `root` to `controller`; returns `{render(state)}`.
 * @param {Document} root
 * @param {import('../machine/api.js').Controller} controller
 */
export function createTapSwitch(root, controller) {
  const group = /** @type {HTMLElement} */ (root.querySelector('[data-testid=tap-mode]'));
  const radios = /** @type {HTMLInputElement[]} */ ([...group.querySelectorAll('input[type=radio]')]);
  for (const radio of radios) {
    radio.addEventListener('change', () => {
      if (radio.checked) controller.setTap(radio.value === 'inspect' ? 'inspect' : 'draw');
    });
  }

  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    group.hidden = !state.editor.game.obstacles;
    for (const radio of radios) radio.checked = radio.value === state.tap;
  }

  return { render };
}

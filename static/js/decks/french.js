// French suits for the 40-card games: Quadri, Cuori, Fiori, Picche, as Lombard players use them for
// Scopa. The drawing is cardart.js's own French art (the one of the French decks of the catalogue:
// the rule set's option `french`), so nothing more is loaded: this module only says so. The three
// figures are the Jack, the Queen and the King, in the 8, 9 and 10's places; the corner index keeps
// the numbers 8, 9, 10 that Scopa counts with. The cards keep their Italian names (the style is a
// look, not the rules: deck.js).
// its own back (issue 45): navy with a silver line, a finer lattice
export default { id: 'french', french: true, indices: true, back: { back: '#1b2a4a', backL: '#c9d3e6', step: 10 } };

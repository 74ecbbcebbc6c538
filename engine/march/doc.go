// Package march is the rules engine of March of the Ants. Rule set "1e" is
// the 1st edition (rule IDs MOA1-... in shared/rules/march-of-the-ants-1e.md);
// the Evolved edition will be a second RuleSet value sharing this core.
//
// # Model
//
// The Anthill is a list of placed tiles in axial coordinates; tile 0 is the
// Great Tunnel (GT) at (0, 0), which has no collection sites (MOA1-AMB-3): its
// ants are counted per seat. Every other tile holds one owner per collection
// site and a count of ants per seat on its outskirts. Component data (25
// hexes, 66 cards, the GT's openings) is the embedded components_1e.json,
// described in DESIGN.md; effects are code named by the data.
//
// Play is a stack of tasks: phase controllers, actions in progress and
// decisions owed. The top task either runs by itself or prompts one or more
// seats. Several seats are prompted at once for reactions (resolved in
// rulebook order once all are in), ferocity cards (secret in ant battles,
// revealed together), casualties and the Royal Decree. Free collection sites
// are filled automatically after every answer; a player is asked only when
// the free sites differ.
//
// # Command grammar
//
// Hexes are typed by number, the Great Tunnel as "gt". Edges are e, ne, nw,
// w, sw, se; rotations r0..r5; collection sites s1, s2...; cards c1..c66;
// players p1..p5. An ant is "5" (an ant on hex 5: outskirts first, the
// control site last), "5o" (the outskirts), "5s2" (site 2) or "gt".
//
//	explore                      draw the hex (Scout: two), then:
//	  [hex] <from> <edge> <rot> <n> [vacated sites] [sites]   e.g. "gt ne r3 1"
//	march                        then one step per answer:
//	  larva <hex> [site]         a larva from the chamber (larvae first)
//	  <ant> <hex> [site]         an ant step, e.g. "gt 7 s1"
//	  done
//	forage [player]              the player only with Parasite
//	play <card> <pay...> [goal]  pay one code per cost point: "l" (larva) or
//	                             an ant ("7", "7o", "7s2"); e.g. "play c25 l l 7"
//	rest
//	dance | journey | raid       special species (MOA1-SPEC)
//	genome <card> <pay...> top|under
//	pass                         any optional reaction, ability or effect
//	pref <name> on|off           standing preference, allowed in every prompt:
//	                             pass-explore, pass-march, pass-forage,
//	                             pass-play, pass-species, take-forage
//
// Reactions: Explore "<hex> [site]"; March "<ant> <hex> [site]"; Forage and
// Dance "take"; Play a Card "<card>" (discard it, draw one); Journey
// "<hex>|skip [site] <ant> <hex>|done"; Modified Genome "<card> <pay...>".
// Battles: "none" or "<card>" (Berserker: two cards); casualties one ant code
// per loss ("o", "s2" on the battle hex; "7s2", "gt" when starving); the
// defender picks a tied invader "p3"; the winner's spoils "<o|sK> <site>"
// or "done". Royal Decree: "food" or "larvae". Nest side: "regular" or
// "special". Card effects list their own steps as options.
//
// # Setup options
//
// length=standard|long (MOA1-LONG), frontiers=random|none|2|3|all (MOA1-NF-2),
// species=off|on (MOA1-SPEC), mode=standard|uprising (MOA1-SOLO, 1-5
// players), difficulty=normal|easy|hard (MOA1-SOLO-16), and switches for the
// reference's ambiguities: long-decree=last2|last (MOA1-AMB-1),
// negative-cp=no|yes (MOA1-AMB-18), zero-awards=yes|no (MOA1-AMB-34),
// centipede-tie=player|centipede (MOA1-AMB-14), fill=roundrobin|first
// (MOA1-AMB-5), drawbacks=caste|phase (MOA1-AMB-23). Scenario options: deck= and
// cdeck= (card ids drawn first), stack= (hex numbers drawn first), first=
// (the first player, 1-based).
package march

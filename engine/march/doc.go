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
// seats. Reactions are taken in turn, clockwise from the active player's
// left: each reactor is prompted only after the previous reaction and its
// free-site filling are resolved, and standing preferences answer without a
// prompt. Several seats are prompted at once for ferocity cards (secret in
// ant battles, revealed together), casualties and the Royal Decree. Free collection sites
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
//	brood | expansion | chaos | cultivate | vision <card> <pay...>
//	                             Evolved Ancient Species' unique actions (MOAE-ANC)
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
// "special". Card effects list their own steps as options. Evolved:
// Expansion's second tile "tile" or "done"; Brood's reaction "<card>
// <pay...>", Cultivation's "take"; the advanced draft (sealed) the cards kept,
// "<card> <card> <card>".
//
// # Setup options
//
// Every recommendation of the reference that has an alternative is a
// switch; the first value is the recommended reading and the default.
//
//	option              values                 rule          meaning
//	length              standard|long          MOA1-LONG-1   4 or 5 rounds
//	frontiers           random|none|2|3|all    MOA1-NF-2     New Frontiers hexes in the stack
//	species             off|on                 MOA1-SPEC-2   Special Species Nests (Evolved: Ancient
//	                                                         Species, MOAE-ANC-1)
//	draft               off|on                 MOAE-PSETUP-6 Evolved: the advanced card draft
//	mode                standard|uprising      MOA1-SOLO-1   Centipede Uprising, 1-5 players; Evolved:
//	                                           RISE-1        Rise of the Centipedes, 1-4 colonies (DESIGN.md)
//	difficulty          normal|easy|hard       MOA1-SOLO-16  solo starting larvae / cards; Evolved:
//	                                           RISE-14       every colony's larvae / cards, centipede size
//	long-decree         last2|last             MOA1-AMB-1    long game: no Decree in the last 2 rounds / the last
//	negative-cp         no|yes                 MOA1-AMB-18   scores may go below 0
//	zero-awards         yes|no                 MOA1-AMB-34   tied end-game awards at 0 still score
//	centipede-tie       player|centipede       MOA1-AMB-14   who wins a tied centipede battle
//	fill                roundrobin|first       MOA1-AMB-5    one site per player per pass / the first fills all
//	drawbacks           caste|phase            MOA1-AMB-23   Peace Treaty, War Rations: caste bonus only / also
//	                                                         the start-of-phase abilities
//	explore-from        exploring|adjacent     MOA1-AMB-40   exploring ants come from the exploring hex / any
//	                                                         one hex next to the new hex (extra "source" step)
//	explore-order       listed|fill-first      MOA1-AMB-41   Explore steps 6-8 as listed (New Frontiers effect,
//	                                                         then refilling) / refill before the effect
//	dance-reshuffle     yes|no                 MOA1-AMB-41   Dance of Chaos reshuffles an empty deck / stops
//	dance-react         dance|play             MOA1-AMB-41   Dance reaction only / also Play-a-Card's
//	horde-reveal        after|before           MOA1-AMB-41   centipede card after / before the reactions
//	centipede-explore   free|match             MOA1-AMB-41   centipede-explored hex ignores / meets tunnels
//	hunt                own|any                MOA1-AMB-41   battle after a March where the player has ants /
//	                                                         on any centipede hex
//	centipede-strength  both|one               MOA1-AMB-41   both strength cards from the centipede deck / the
//	                                                         second from the players' deck
//	solo-end            one|two                MOA1-AMB-41   solo phase ends with the first Rest's card / one
//	                                                         more card after it
//	food                limited|unlimited      MOA1-AMB-31   30 food tokens (our issue's invariant) / unlimited
//	coop-battles        yes|no                 MOA1-AMB-29   co-op Uprising: players still battle each other /
//	                                                         the group agreed not to (centipede battles stay)
//	head-bonus          every|soldier          MOA1-AMB-8    head Evolutions add strength in every battle / only
//	                                                         in Soldier-phase battles
//	barren-queen        site|total             MOA1-AMB-24   Nomad harvests 1 larva per two-larvae site / 1 in
//	                                                         total from all of them
//	mutation            first|after            MOA1-AMB-26   Mutation before / after the start-of-Soldier-phase
//	                                                         head abilities
//	rest-larva          same|extra             MOA1-AMB-10   the Rest that ends the Worker phase (3-5 players)
//	                                                         gives the first-Rest larva only / 1 more
//	duo-central         adjacent|path          MOA1-AMB-20   2 players: a central hex is adjacent to the GT and
//	                                                         joined by a tunnel / joined by any path of tunnels
//	dance-steps         march|ants             MOA1-AMB-41   Dance of Chaos steps are March steps, larvae first /
//	                                                         ant steps only
//
// The order of end-of-Soldier-phase abilities and of the Slumber phase
// (MOA1-AMB-41) has no switch: every effect there only adds CP independently,
// so no order changes a result. Nor has the fate of the Dance of Chaos's
// revealed non-Events (MOA1-AMB-41): the rulebook itself says to discard
// them. Scenario options: deck= and cdeck= (card ids drawn first), stack=
// (hex numbers drawn first), first= (the first player, 1-based).
package march

package render

// A board is seen on a phone held upright, where Discord and Telegram fit
// the image to the message column, about PhoneWidth CSS pixels wide. A
// text a player must read there (names, scores, codes to type, legends)
// needs an em of at least PhoneMinPx at that width: readable without
// zooming. Renderers size their smallest text from their board width,
// rounded up to whole pixels, as a constant
//
//	textMin = (width*render.PhoneMinPx + render.PhoneWidth - 1) / render.PhoneWidth
//
// rather than picking numbers, so a narrower or wider board keeps the bar.
const (
	PhoneWidth = 400
	PhoneMinPx = 8
)

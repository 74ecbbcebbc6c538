package myrmes

// SetClip sets r's observer of texts shortened to fit (tests only).
func SetClip(r *Renderer, f func(lang, text string)) { r.clip = f }

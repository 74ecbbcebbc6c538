package micropolis

// SetClip sets the observer told of every text the renderer shortens.
func SetClip(r *Renderer, f func(lang, text string)) { r.clip = f }

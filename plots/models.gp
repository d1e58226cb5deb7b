# One colour and one marker per damping model, the same in every plot that shows models
# (calibrate's, verify-gas): a model's colour follows its name, never its place or its rank.
# Names are the damping models' (src/models/damping.h, in its order); "normal + damping" also
# works. An unknown name gets black and a plain cross.
model_names = "velocity mass_velocity viscoelastic tsuji tsuji/legacy coeff_restitution mdr none"
array MODEL_COLOUR[8] = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#17becf']
array MODEL_POINT[8] = [7, 5, 9, 11, 13, 15, 6, 4]
model_damping(s) = strstrt(s, ' + ') > 0 ? s[strstrt(s, ' + ') + 3:] : s
model_find(s, i) = (i > words(model_names)) ? 0 : ((word(model_names, i) eq s) ? i : model_find(s, i + 1))
model_index(s) = model_find(model_damping(s), 1)
model_colour(s) = model_index(s) > 0 ? MODEL_COLOUR[model_index(s)] : '#000000'
model_point(s) = model_index(s) > 0 ? MODEL_POINT[model_index(s)] : 2

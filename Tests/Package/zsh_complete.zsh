# usage: zsh -f zsh_complete.zsh FPATH_DIR 'command line'
# Types the line into an interactive zsh on a pseudo-terminal, presses Tab,
# and prints the matches its completion system offers, one per line.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PROMPT='>' ; fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
# Every match that a completion function adds is printed with a marker.
zpty -w z 'compadd () {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
  typeset -a __hits
  builtin compadd -A __hits "$@"
  (( $#__hits )) && print -rl -- "<match>"${^__hits}
  builtin compadd "$@"
}'
zpty -w z "bindkey '^I' complete-word; echo '<rea''dy>'"
zpty -r z line '*<ready>*'
# Tab, then clear the line and print an end marker (split so its echo differs).
zpty -w -n z "$2"$'\t\x15'"echo '<do''ne>'"$'\n'
zpty -r z output '*<done>*'
print -r -- "$output" | tr -d '\r' | grep -o '<match>.*' | sed 's/^<match>//' | sort -u
zpty -d z

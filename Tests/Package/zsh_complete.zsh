# usage: zsh -f zsh_complete.zsh FPATH_DIR 'command line'
# Types the line into an interactive zsh on a pseudo-terminal, presses Tab,
# and prints the matches its completion system offers, one per line.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
# Every match that a completion function adds is printed with a marker.
zpty -w z 'compadd () {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
  typeset -a __hits
  builtin compadd -A __hits "$@"
  (( $#__hits )) && print -rl -- "<match>"${^__hits}
  builtin compadd "$@"
}'
# Ctrl-G ends the test: no control character the terminal itself acts on
# (a ^U typed before zle reads would erase the line in the kernel).
zpty -w z '_test_done() { BUFFER="echo \<do\>\<ne\>"; zle accept-line }; zle -N _test_done; bindkey "^G" _test_done'
zpty -w z "bindkey '^I' complete-word; PROMPT='<pro''mpt>'"
zpty -r z line '*<prompt>*'
zpty -w -n z "$2"$'\t\x07'
zpty -r z output '*<do><ne>*'
print -r -- "$output" | tr -d '\r' | grep -o '<match>.*' | sed 's/^<match>//' | sort -u
zpty -d z

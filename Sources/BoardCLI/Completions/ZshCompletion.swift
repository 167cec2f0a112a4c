/// The zsh script: a `_board` completion function, with a summary beside every word.
enum ZshCompletion {
    typealias Spec = CompletionSpec

    static var script: String {
        let commands = Spec.commands
        func described(_ words: [String], _ summary: (String) -> String) -> String {
            words.map { CompletionScript.quoted("\($0):\(summary($0))") }.joined(separator: " ")
        }
        let valueCases = Spec.valueFlags.map { flag in
            let body =
                switch Spec.value(of: flag) {
                case .choices(let words): "compadd -P \"$prefix\" -- \(CompletionScript.words(words))"
                case .file: "_files -P \"$prefix\""
                case .directory: "_files -/ -P \"$prefix\""
                // `_message` reads its text as a prompt: `%n` in a summary is written `%%n` (it showed `(-1  )`).
                case .free, .number, .none:
                    "_message \(CompletionScript.quoted(Spec.summary(ofFlag: flag).replacingAll("%", with: "%%")))"
                }
            let own = Spec.commandValues(of: flag).compactMap { command, value -> String? in
                switch value {
                case .words(let list): "\(command)) compadd -P \"$prefix\" -- \(CompletionScript.words(list)) ;; "
                case .flightIDs:
                    // After `--flight=`, the ids go after that prefix, as the other values do.
                    #"\#(command)) ids=(${(f)"$(_board_ids)"}); ids=(${ids//$'\t'/:}); (( $#ids )) && _describe -t ids 'flight id' ids -P "$prefix" ;; "#
                default: nil
                }
            }
            guard !own.isEmpty else { return "    \(flag)) \(body) ;;" }
            return "    \(flag)) case \"$command\" in \(own.joined())*) \(body) ;; esac ;;"
        }.joined(separator: "\n")
        let flagCases = (["board"] + commands).filter { !Spec.flags(of: $0).isEmpty }.map { command in
            "      \(command)) flags=(\(described(Spec.flags(of: command), Spec.summary(ofFlag:)))) ;;"
        }.joined(separator: "\n")
        let positionalCases = (["board"] + commands).compactMap { command -> String? in
            let body: String
            switch Spec.positional(of: command) {
            case .commandsAndTabs:
                body = "_describe -t commands command commands; _describe -t tabs tab tabs"
            case .commands: body = "compadd -- \(CompletionScript.words(Spec.helpTopics))"
            case .tabs: body = "_describe -t tabs tab tabs"
            case .flightIDs:
                body = #"ids=(${(f)"$(_board_ids)"}); ids=(${ids//$'\t'/:}); (( $#ids )) && _describe -t ids 'flight id' ids"#
            case .hiddenIDs, .pinnedIDs:
                let (option, what) = Spec.positional(of: command).stateIDs ?? ("", "")
                let ids = #"ids=(${(f)"$(_board_state_ids \#(option))"}); ids=(${ids//$'\t'/:})"#
                body = ids + #"; (( $#ids )) && _describe -t ids '\#(what)' ids"#
            case .tabsAndFlightIDs:
                body =
                    "_describe -t tabs tab tabs; "
                    + #"ids=(${(f)"$(_board_ids)"}); ids=(${ids//$'\t'/:}); (( $#ids )) && _describe -t ids 'flight id' ids"#
            case .words(let list): body = "compadd -- \(CompletionScript.words(list))"
            case .nothing: return nil
            }
            return "    \(command)) \(body) ;;"
        }.joined(separator: "\n")

        return #"""
            #compdef board
            # zsh completion for board, written by `board completions zsh`.
            # Install it as _board in a directory of your $fpath (scripts/install.sh puts it in
            # PREFIX/share/zsh/site-functions), or add to ~/.zshrc:  source <(board completions zsh)

            _board() {
              local cur prev word prefix="" command="" socket="" date="" statedir="" sub="" exe
              local -i i positionals=0
              local -a commands tabs flags ids
              commands=(\#(described(commands, Spec.summary(ofCommand:))))
              tabs=(\#(described(Spec.tabs, Spec.summary(ofTab:))))
              cur="${words[CURRENT]}"
              prev="${words[CURRENT-1]}"
              # --flag=value in one word: complete the value of --flag.
              if [[ "$cur" == --*=* ]]; then
                prev="${cur%%=*}"
                prefix="${prev}="
                cur="${cur#*=}"
              fi
              exe="${words[1]}"
              [[ "$exe" == */* && -x "$exe" ]] || exe=board

              # Find the command, skipping flags and the values of those that take one.
              for (( i = 2; i < CURRENT; i++ )); do
                word="${words[i]}"
                case "$word" in
                  \#(CompletionScript.pattern(Spec.valueFlags)))
                    (( i++ ))
                    [[ "$word" == --socket ]] && socket="${words[i]}"
                    [[ "$word" == --date ]] && date="${words[i]}"
                    [[ "$word" == --state-dir ]] && statedir="${words[i]}"
                    ;;
                  --socket=*) socket="${word#*=}" ;;
                  --date=*) date="${word#*=}" ;;
                  --state-dir=*) statedir="${word#*=}" ;;
                  -*) ;;
                  *)
                    if [[ -z "$command" ]]; then
                      command="$word"
                    else
                      (( positionals++ ))
                      (( positionals == 1 )) && sub="$word"
                    fi
                    ;;
                esac
              done
              case "$command" in
                "") command=board ;;
                \#(CompletionScript.pattern(Spec.tabs))) command=board; (( positionals++ )) ;;
              esac

              case "$prev" in
            \#(valueCases)
                *) prev="" ;;
              esac
              [[ -n "$prev" ]] && return 0

              if [[ "$cur" == -* ]]; then
                case "$command" in
            \#(flagCases)
                  *) flags=() ;;
                esac
                flags+=(\#(described(Spec.globalFlags, Spec.summary(ofFlag:))))
                _describe -t flags flag flags
                return 0
              fi

              # board pins move FLIGHT up|down|first|last: a pinned flight, then where to.
              if [[ "$command $sub" == "pins move" ]]; then
                case $positionals in
                  1) ids=(${(f)"$(_board_state_ids --pinned-ids)"}); ids=(${ids//$'\t'/:}); (( $#ids )) && _describe -t ids 'pinned flight' ids ;;
                  2) compadd -- \#(CompletionScript.words(Spec.moveDirections)) ;;
                esac
                return 0
              fi
              (( positionals == 0 )) || return 0
              case "$command" in
            \#(positionalCases)
              esac
            }

            # Today's flight ids (or those of --date) as "id<TAB>summary", if the daemon answers quickly.
            # A word as it was typed ("/a b", /a\ b, ~/a) as the shell passes it: unquoted, a leading ~ as $HOME.
            _board_word() {
              local word="${(Q)1}"
              [[ "$word" == "~" || "$word" == "~/"* ]] && word="$HOME${word:1}"
              print -rn -- "$word"
            }

            _board_ids() {
              local -a args=(completions --ids)
              [[ -n "$socket" ]] && args+=(--socket "$(_board_word "$socket")")
              [[ -n "$date" ]] && args+=(--date "$date")
              "$exe" "${args[@]}" 2>/dev/null
            }

            # The hidden ($1 = --hidden-ids) or pinned (--pinned-ids) flights as "id<TAB>name", from the state file.
            _board_state_ids() {
              local -a args=(completions "$1")
              [[ -n "$statedir" ]] && args+=(--state-dir "$(_board_word "$statedir")")
              "$exe" "${args[@]}" 2>/dev/null
            }

            if [[ "${funcstack[1]}" == _board ]]; then
              _board "$@"
            else
              compdef _board board
            fi
            """#
    }
}

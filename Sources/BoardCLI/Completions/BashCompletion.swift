/// The bash script: a `_board` function for `complete -F`, needing nothing but bash 4.
enum BashCompletion {
    typealias Spec = CompletionSpec

    static var script: String {
        let commands = Spec.commands
        let valueCases = Spec.valueFlags.map { flag in
            let body =
                switch Spec.value(of: flag) {
                case .choices(let words): "_board_reply \(CompletionScript.quoted(CompletionScript.words(words)))"
                case .file: "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
                case .directory: "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")"
                case .free, .number, .none: "COMPREPLY=()"
                }
            let own = Spec.commandValues(of: flag).compactMap { command, value -> String? in
                switch value {
                case .words(let list): "\(command)) _board_reply \(CompletionScript.quoted(CompletionScript.words(list))) ;; "
                case .flightIDs: #"\#(command)) _board_reply "$(_board_ids "$exe" "$socket" "$date")" ;; "#
                default: nil
                }
            }
            guard !own.isEmpty else { return "        \(flag)) \(body) ;;" }
            return "        \(flag)) case \"$command\" in \(own.joined())*) \(body) ;; esac ;;"
        }.joined(separator: "\n")
        let flagCases = (["board"] + commands).filter { !Spec.flags(of: $0).isEmpty }.map { command in
            "            \(command)) flags=\(CompletionScript.quoted(CompletionScript.words(Spec.flags(of: command)))) ;;"
        }.joined(separator: "\n")
        let positionalCases = (["board"] + commands).compactMap { command -> String? in
            let words: String
            let kind = Spec.positional(of: command)
            switch kind {
            case .commandsAndTabs: words = CompletionScript.quoted(CompletionScript.words(commands + Spec.tabs))
            case .commands: words = CompletionScript.quoted(CompletionScript.words(Spec.helpTopics))
            case .tabs: words = CompletionScript.quoted(CompletionScript.words(Spec.tabs))
            case .flightIDs: words = #""$(_board_ids "$exe" "$socket" "$date")""#
            case .hiddenIDs, .pinnedIDs:
                words = #""$(_board_state_ids "$exe" "$statedir" "# + (kind.stateIDs?.option ?? "") + #")""#
            case .tabsAndFlightIDs:
                words = "\"\(CompletionScript.words(Spec.tabs)) " + #"$(_board_ids "$exe" "$socket" "$date")""#
            case .words(let list): words = CompletionScript.quoted(CompletionScript.words(list))
            case .nothing: return nil
            }
            return "        \(command)) _board_reply \(words) ;;"
        }.joined(separator: "\n")

        return #"""
            # bash completion for board, written by `board completions bash`.
            # Install it as ~/.local/share/bash-completion/completions/board
            # (scripts/install.sh does), or add to ~/.bashrc:  source <(board completions bash)

            # Offers the words in $1 that start with the current word.
            _board_reply() {
                mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
            }

            # A word as it was typed ("/a b", /a\ b, ~/a) as the shell passes it: its quotes and
            # backslashes taken off, a leading ~ as $HOME.
            _board_word() {
                local word="$1"
                case "$word" in
                    \"*\") word="${word:1:${#word}-2}" ;;
                    \'*\') word="${word:1:${#word}-2}" ;;
                    *) word="${word//\\/}" ;;
                esac
                case "$word" in "~" | "~/"*) word="$HOME${word:1}" ;; esac
                printf '%s' "$word"
            }

            # Today's flight ids (or those of --date), from the daemon if it answers quickly.
            _board_ids() {
                local exe="$1" socket="$(_board_word "$2")" date="$3" id rest
                local -a args=(completions --ids)
                [ -n "$socket" ] && args+=(--socket "$socket")
                [ -n "$date" ] && args+=(--date "$date")
                "$exe" "${args[@]}" 2>/dev/null | while IFS=$'\t' read -r id rest; do printf '%s\n' "$id"; done
            }

            # The hidden ($3 = --hidden-ids) or pinned (--pinned-ids) flights' ids, from the state file.
            _board_state_ids() {
                local exe="$1" statedir="$(_board_word "$2")" id rest
                local -a args=(completions "$3")
                [ -n "$statedir" ] && args+=(--state-dir "$statedir")
                "$exe" "${args[@]}" 2>/dev/null | while IFS=$'\t' read -r id rest; do printf '%s\n' "$id"; done
            }

            _board() {
                local cur prev word exe command="" socket="" date="" statedir="" sub="" positionals=0 flags i
                COMPREPLY=()
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev=""
                [ "$COMP_CWORD" -gt 0 ] && prev="${COMP_WORDS[COMP_CWORD-1]}"
                # bash splits --flag=value at '=': complete the value of --flag.
                if [ "$cur" = "=" ]; then
                    cur=""
                elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -ge 2 ]; then
                    prev="${COMP_WORDS[COMP_CWORD-2]}"
                fi
                # The same board the user is completing, when it was given as a path.
                exe="${COMP_WORDS[0]}"
                case "$exe" in
                    */*) [ -x "$exe" ] || exe=board ;;
                    *) exe=board ;;
                esac

                # Find the command, skipping flags and the values of those that take one.
                i=1
                while [ "$i" -lt "$COMP_CWORD" ]; do
                    word="${COMP_WORDS[i]}"
                    case "$word" in
                        \#(CompletionScript.pattern(Spec.valueFlags)))
                            i=$((i + 1))
                            [ "${COMP_WORDS[i]}" = "=" ] && i=$((i + 1))
                            if [ "$i" -lt "$COMP_CWORD" ]; then
                                case "$word" in
                                    --socket) socket="${COMP_WORDS[i]}" ;;
                                    --date) date="${COMP_WORDS[i]}" ;;
                                    --state-dir) statedir="${COMP_WORDS[i]}" ;;
                                esac
                            fi
                            ;;
                        -*) ;;
                        *)
                            if [ -z "$command" ]; then
                                command="$word"
                            else
                                positionals=$((positionals + 1))
                                [ "$positionals" -eq 1 ] && sub="$word"
                            fi
                            ;;
                    esac
                    i=$((i + 1))
                done
                # No command, or a tab name: the board itself.
                case "$command" in
                    "") command=board ;;
                    \#(CompletionScript.pattern(Spec.tabs))) command=board; positionals=$((positionals + 1)) ;;
                esac

                case "$prev" in
            \#(valueCases)
                    *) prev="" ;;
                esac
                [ -n "$prev" ] && return 0

                if [[ "$cur" == -* ]]; then
                    case "$command" in
            \#(flagCases)
                        *) flags="" ;;
                    esac
                    _board_reply "$flags \#(CompletionScript.words(Spec.globalFlags))"
                    return 0
                fi

                # board pins move FLIGHT up|down|first|last: a pinned flight, then where to.
                if [ "$command $sub" = "pins move" ]; then
                    case "$positionals" in
                        1) _board_reply "$(_board_state_ids "$exe" "$statedir" --pinned-ids)" ;;
                        2) _board_reply \#(CompletionScript.quoted(CompletionScript.words(Spec.moveDirections))) ;;
                    esac
                    return 0
                fi
                [ "$positionals" -eq 0 ] || return 0
                case "$command" in
            \#(positionalCases)
                esac
                return 0
            }

            complete -F _board board
            """#
    }
}

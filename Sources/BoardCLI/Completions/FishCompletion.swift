/// The fish script: `complete` rules guarded by a helper that finds the command on the line.
enum FishCompletion {
    typealias Spec = CompletionSpec

    static var script: String {
        let commands = Spec.commands
        func long(_ flag: String) -> String { String(flag.dropFirst(2)) }
        func rule(_ condition: String?, _ flag: String, in command: String? = nil) -> String {
            var line = "complete -c board"
            if let condition { line += " -n \(CompletionScript.quoted(condition))" }
            line += " -l \(long(flag))"
            switch command.flatMap({ Spec.value(of: flag, in: $0) }) {
            case .words(let list)?:
                return line + " -x -a \(CompletionScript.quoted(CompletionScript.words(list)))"
                    + " -d \(CompletionScript.quoted(Spec.summary(ofFlag: flag)))"
            case .flightIDs?: return line + " -x -a '(__board_ids)' -d \(CompletionScript.quoted(Spec.summary(ofFlag: flag)))"
            default: break
            }
            switch Spec.value(of: flag) {
            case .choices(let words): line += " -x -a \(CompletionScript.quoted(CompletionScript.words(words)))"
            case .file: line += " -r -F"
            case .directory: line += " -x -a '(__fish_complete_directories)'"
            case .free, .number: line += " -x"
            case .none: break
            }
            return line + " -d \(CompletionScript.quoted(Spec.summary(ofFlag: flag)))"
        }
        var rules: [String] = []
        for command in commands {
            rules.append(
                "complete -c board -n '__board_first' -a \(command) -d \(CompletionScript.quoted(Spec.summary(ofCommand: command)))"
            )
        }
        for tab in Spec.tabs {
            rules.append("complete -c board -n '__board_first' -a \(tab) -d \(CompletionScript.quoted(Spec.summary(ofTab: tab)))")
        }
        rules += Spec.globalFlags.map { rule(nil, $0) }
        for command in ["board"] + commands {
            rules += Spec.flags(of: command).map { rule("__board_is \(command)", $0, in: command) }
            let condition = CompletionScript.quoted("__board_is \(command); and __board_no_argument")
            switch Spec.positional(of: command) {
            case .commandsAndTabs: break  // the rules of __board_first above
            case .tabs:
                rules += Spec.tabs.map {
                    "complete -c board -n \(condition) -a \($0) -d \(CompletionScript.quoted(Spec.summary(ofTab: $0)))"
                }
            case .flightIDs: rules.append("complete -c board -n \(condition) -a '(__board_ids)'")
            case .hiddenIDs, .pinnedIDs:
                let option = Spec.positional(of: command).stateIDs?.option ?? ""
                rules.append("complete -c board -n \(condition) -a '(__board_state_ids \(option))'")
            case .tabsAndFlightIDs:
                rules += Spec.tabs.map {
                    "complete -c board -n \(condition) -a \($0) -d \(CompletionScript.quoted(Spec.summary(ofTab: $0)))"
                }
                rules.append("complete -c board -n \(condition) -a '(__board_ids)'")
            case .commands:
                rules.append(
                    "complete -c board -n \(condition) -a \(CompletionScript.quoted(CompletionScript.words(Spec.helpTopics)))")
            case .words(let list):
                rules.append("complete -c board -n \(condition) -a \(CompletionScript.quoted(CompletionScript.words(list)))")
            case .nothing: break
            }
        }
        // board pins move FLIGHT up|down|first|last: a pinned flight, then where to.
        rules.append("complete -c board -n '__board_pins_move 1' -a '(__board_state_ids --pinned-ids)'")
        rules.append(
            "complete -c board -n '__board_pins_move 2' -a \(CompletionScript.quoted(CompletionScript.words(Spec.moveDirections)))"
        )

        return #"""
            # fish completion for board, written by `board completions fish`.
            # Install it as ~/.config/fish/completions/board.fish (scripts/install.sh does),
            # or run:  board completions fish | source

            # Prints the command on the line ("board" for none or a tab name), then how many
            # arguments follow it, skipping flags and the values of those that take one.
            function __board_parse
                set -l tokens (commandline -opc)
                set -e tokens[1]
                set -l command ''
                set -l count 0
                set -l skip 0
                for token in $tokens
                    if test $skip -eq 1
                        set skip 0
                        continue
                    end
                    switch $token
                        case \#(Spec.valueFlags.joined(separator: " "))
                            set skip 1
                        case '-*'
                        case '*'
                            if test -z "$command"
                                set command $token
                            else
                                set count (math $count + 1)
                            end
                    end
                end
                switch $command
                    case '' \#(Spec.tabs.joined(separator: " "))
                        if test -n "$command"
                            set count (math $count + 1)
                        end
                        set command board
                end
                echo $command
                echo $count
            end

            # Whether nothing but flags has been typed yet.
            function __board_first
                set -l parsed (__board_parse)
                test $parsed[1] = board -a $parsed[2] -eq 0
            end

            function __board_is
                set -l parsed (__board_parse)
                contains -- $parsed[1] $argv
            end

            function __board_no_argument
                set -l parsed (__board_parse)
                test $parsed[2] -eq 0
            end

            # Whether the line is `board pins move` with $argv[1] arguments after `pins`.
            function __board_pins_move
                set -l parsed (__board_parse)
                test $parsed[1] = pins -a $parsed[2] -eq $argv[1]; or return 1
                contains -- move (commandline -opc)
            end

            # Each of the flags given so far ($argv) and its value, `--flag value` or `--flag=value`, a
            # leading ~ as $HOME: one word a line.
            function __board_given
                set -l tokens (commandline -opc)
                for flag in $argv
                    set -l value
                    set -l index (contains -i -- $flag $tokens)
                    if test -n "$index"
                        set value $tokens[(math $index + 1)]
                    else
                        set value (string replace -rf -- "^$flag=" '' $tokens)[1]
                    end
                    test -n "$value"; and printf '%s\n' $flag (string replace -r -- '^~' $HOME $value)
                end
            end

            # The hidden ($argv[1] = --hidden-ids) or pinned (--pinned-ids) flights with their names, from the state file.
            function __board_state_ids
                set -l exe (commandline -opc)[1]
                string match -q '*/*' -- $exe; and test -x $exe; or set exe board
                command -q $exe; or return 0
                $exe completions $argv[1] (__board_given --state-dir) 2>/dev/null
            end

            # Today's flight ids (or those of --date) with a summary, if the daemon answers quickly.
            function __board_ids
                set -l exe (commandline -opc)[1]
                string match -q '*/*' -- $exe; and test -x $exe; or set exe board
                command -q $exe; or return 0
                $exe completions --ids (__board_given --socket --date) 2>/dev/null
            end

            complete -c board -f
            \#(rules.joined(separator: "\n"))
            """#
    }
}

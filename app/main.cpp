// The one `hearts` binary. Each subcommand lives in its own file under app/.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>

#include "arena.h"
#include "arena_ratings.h"
#include "bench.h"
#include "engine_protocol.h"
#if HEARTS_LOAD_TOOLS
#include "flood.h"
#endif
#include "hearts/ai/bot.h"
#include "hearts/ai/transcript.h"
#include "hearts/rules.h"
#if HEARTS_LOAD_TOOLS
#include "loadtest.h"
#endif
#include "play.h"
#include "review_cli.h"
#include "serve.h"
#include "serve_cli.h"

int main(int argc, char** argv) {
    CLI::App app{"Hearts: a card game engine, computer opponents and game server"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "hearts 0.1.0");

    // hearts play
    hearts::app::PlayOptions play;
    std::string play_rules;
    bool seed_given = false;
    auto* play_cmd =
        app.add_subcommand("play", "Play a game in the terminal against three computer opponents");
    play_cmd
        ->add_option("--seed", play.seed,
                     "Deal seed (default: random); the same seed gives the same game")
        ->each([&](const std::string&) { seed_given = true; });
    play_cmd->add_option(
        "--rules", play_rules,
        "Rule variants, e.g. pass=LARN,queen_breaks=yes,moon=choice,jack=yes,end=50,tie=share");
    play_cmd->add_option("--bots", play.bot_level, "Opponent level")
        ->check(CLI::IsMember(hearts::ai::bot_levels()));
    play_cmd->add_option("--record", play.record_path,
                         "Write the game record (JSON) to this file at the end");

    // hearts review
    hearts::app::ReviewOptions review;
    auto* review_cmd = app.add_subcommand(
        "review",
        "Review a finished game from its record: what each card cost, and the largest "
        "mistakes");
    review_cmd->add_option("record", review.path, "The game record (JSON)")->required();
    review_cmd->add_option("--seat", review.seat, "Whose cards: S, W, N or E");
    review_cmd->add_option("--deals", review.deals, "Sampled deals per decision")
        ->check(CLI::Range(10, 100000));
    review_cmd->add_option("--largest", review.largest, "Mistakes listed")
        ->check(CLI::Range(0, 1000));

    // hearts bench
    hearts::app::BenchOptions bench;
    auto* bench_cmd = app.add_subcommand(
        "bench", "Play seeded random-legal hands; print hands/s and a signature");
    bench_cmd->add_option("--hands", bench.hands, "Number of hands")
        ->check(CLI::Range(1, 1'000'000'000));
    bench_cmd->add_option("--seed", bench.seed, "Base seed");
    std::string decisions_level;
    int decision_hands = 10;
    bench_cmd->add_option("--decisions", decisions_level,
                          "Instead: time a computer level's decisions (mean and max ms) over "
                          "seeded hands of four of it (--decision-hands, 10 by default)");
    bench_cmd->add_option("--decision-hands", decision_hands, "Hands for --decisions")
        ->check(CLI::Range(1, 10'000));

    // hearts arena
    hearts::app::ArenaOptions arena;
    std::string arena_rules;
    bool no_pass = false;
    auto* arena_cmd = app.add_subcommand(
        "arena",
        "Play bots against each other on seeded deals with seat rotation; print per-bot figures");
    arena_cmd->add_option("--a", arena.bot_a,
                          "Bot A: a level, or engine:COMMAND for an external engine");
    arena_cmd->add_option("--b", arena.bot_b, "Bot B (the opponents)");
    arena_cmd->add_option("--lineup", arena.lineup, "1v3 (A against 3 B) or 2v2")
        ->check(CLI::IsMember({"1v3", "2v2"}));
    auto* deals_opt =
        arena_cmd
            ->add_option("--deals", arena.deals,
                         "Deals; each is played once per seating (4 in 1v3, 2 in 2v2)")
            ->check(CLI::Range(1, 10'000'000));
    arena_cmd
        ->add_option("--games", arena.games,
                     "Whole games to the end score instead of deals; each played once per "
                     "seating; reports each bot's share of the wins")
        ->check(CLI::Range(1, 1'000'000))
        ->excludes(deals_opt);
    arena_cmd->add_option("--seed", arena.seed, "Base seed of the deals");
    bool arena_ratings = false;
    std::vector<std::string> rating_levels{"random", "easy", "medium", "hard", "expert"};
    arena_cmd->add_flag("--ratings", arena_ratings,
                        "Rate the levels as people are rated: --games whole games of four "
                        "different --levels at a time (docs/bots.md)");
    arena_cmd->add_option("--levels", rating_levels, "With --ratings: the levels to rate")
        ->check(CLI::IsMember(hearts::ai::bot_levels()));
    arena_cmd->add_option("--threads", arena.threads, "Worker threads")->check(CLI::Range(1, 256));
    arena_cmd->add_flag("--no-pass", no_pass, "Play every hand without passing");
    arena_cmd->add_option("--rules", arena_rules, "Rule variants (the pass cycle is set per deal)");
    arena_cmd
        ->add_option("--a-iterations", arena.budget_a.iterations, "Bot A: playouts per decision")
        ->check(CLI::Range(0, 100'000'000));
    arena_cmd
        ->add_option("--a-movetime", arena.budget_a.movetime_ms, "Bot A: milliseconds per decision")
        ->check(CLI::Range(0, 600'000));
    arena_cmd
        ->add_option("--b-iterations", arena.budget_b.iterations, "Bot B: playouts per decision")
        ->check(CLI::Range(0, 100'000'000));
    arena_cmd
        ->add_option("--b-movetime", arena.budget_b.movetime_ms, "Bot B: milliseconds per decision")
        ->check(CLI::Range(0, 600'000));

    // hearts engine
    auto* engine_cmd = app.add_subcommand(
        "engine",
        "Serve the bots over the text protocol on stdin/stdout (docs/engine-protocol.md)");

    // hearts transcript
    hearts::ai::TranscriptOptions transcript;
    auto* transcript_cmd = app.add_subcommand(
        "transcript",
        "Play seeded games between every level, writing each deal, legal set, choice and "
        "score: two builds of the engine agree when their transcripts do (docs/offline.md)");
    transcript_cmd->add_option("--seed", transcript.seed, "Seed of the first game");
    transcript_cmd->add_option("--hands", transcript.hands, "Hands in all")
        ->check(CLI::Range(1, 100'000));
    transcript_cmd
        ->add_option("--iterations", transcript.iterations,
                     "Playouts per decision of the search levels")
        ->check(CLI::Range(1, 100'000));

    // hearts serve
    hearts::server::ServeOptions serve;
    const std::string env_error = hearts::server::apply_environment(serve);
    auto* serve_cmd = hearts::app::add_serve_command(app, serve);

#if HEARTS_LOAD_TOOLS
    // hearts loadtest
    hearts::app::LoadtestOptions loadtest;
    auto* loadtest_cmd = hearts::app::add_loadtest_command(app, loadtest);

    // hearts flood
    hearts::app::FloodOptions flood;
    auto* flood_cmd = hearts::app::add_flood_command(app, flood);
#endif

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help prints and exits 0; a bad option is reported, and exits 2 as every
        // subcommand's own checks do.
        return app.exit(e) == 0 ? 0 : 2;
    }

#if HEARTS_LOAD_TOOLS
    if (*loadtest_cmd) return hearts::app::loadtest_command(loadtest, std::cout, std::cerr);
    if (*flood_cmd) return hearts::app::flood_command(flood, std::cout, std::cerr);
#endif

    if (*serve_cmd) {
        if (!env_error.empty()) {
            std::cerr << "hearts serve: " << env_error << "\n";
            return 2;
        }
        return hearts::server::serve_command(serve);
    }

    if (*arena_cmd) {
        if (!arena_rules.empty()) {
            auto rules = hearts::parse_rules(arena_rules);
            if (!rules) {
                std::cerr << "hearts arena: --rules: " << rules.error().reason << "\n";
                return 2;
            }
            arena.rules = *rules;
        }
        arena.passing = !no_pass;
        if (arena_ratings) {
            hearts::app::ArenaRatingsOptions r;
            r.levels = rating_levels;
            r.games = arena.games > 0 ? arena.games : 200;
            r.threads = arena.threads;
            r.seed = arena.seed;
            r.rules = arena.rules;
            return hearts::app::arena_ratings_command(r, std::cout, std::cerr);
        }
        return hearts::app::arena_command(arena, std::cout, std::cerr);
    }
    if (*engine_cmd) return hearts::app::engine_command(std::cin, std::cout);
    if (*transcript_cmd) {
        const auto written = hearts::ai::write_transcript(
            transcript, [](std::string_view line) { std::cout << line << '\n'; });
        if (!written) {
            std::cerr << "hearts transcript: " << written.error().reason << '\n';
            return 2;
        }
        return std::cout.flush() ? 0 : 1;
    }

    if (*play_cmd) {
        if (!play_rules.empty()) {
            auto rules = hearts::parse_rules(play_rules);
            if (!rules) {
                std::cerr << "hearts play: --rules: " << rules.error().reason << "\n";
                return 2;
            }
            play.rules = *rules;
        }
        if (!seed_given)
            play.seed = std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
        play.color = isatty(STDOUT_FILENO) != 0;
        play.echo_input = isatty(STDIN_FILENO) == 0;  // show piped moves in the transcript
        return hearts::app::play_command(play, std::cin, std::cout);
    }
    if (*bench_cmd && !decisions_level.empty()) {
        const auto times = hearts::ai::time_decisions(decisions_level, bench.seed, decision_hands);
        if (!times) {
            std::cerr << "hearts bench: " << times.error().reason << '\n';
            return 2;
        }
        std::cout << decisions_level << ": " << times.value().decisions << " decisions, mean "
                  << times.value().mean_ms << " ms, max " << times.value().max_ms << " ms\n";
        return 0;
    }
    if (*bench_cmd) return hearts::app::bench_command(bench, std::cout);
    if (*review_cmd) return hearts::app::review_command(review, std::cout, std::cerr);
    return 0;
}

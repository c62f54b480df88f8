/**
 * Passwords of 6+ characters that lead the public lists of leaked passwords. Refused at sign-up and
 * password change (DESIGN.md 7): an attacker tries these first.
 */
const LIST = `123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321
superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh
hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey
ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555 11111111
131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley
nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor matrix william corvette
hello martin heather secret merlin diamond 1234qwer gfhjkm hammer silver 222222 88888888 anthony justin
test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha bigdog guitar
jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon cowboy
ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo spider
nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore
banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701 coffee
scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox
player nikita knight fender barney midnight please brandy chicago badboy slayer rangers charles angel flower
bigdaddy rabbit wizard jasper enter rachel chris steven winner adidas victoria natasha 1q2w3e4r jasmine winter
prince panties marine ghbdtn fishing cocacola casper james 232323 raiders 888888 marlboro gandalf asdfasdf
crystal 87654321 12344321 golden 8675309 blowme lovers abcdef abcd1234 password1 password123 qwerty123
admin123 admin1234 welcome1 letmein1 iloveyou1 monkey123 dragon123 football1 baseball1 shadow123 master123
passw0rd p@ssw0rd p@ssword pa55word 123abc abc12345 qwerty1 1q2w3e 1q2w3e4r5t zaq12wsx !qaz2wsx 1qazxsw2
asdf1234 changeme secret123 trustno1 sunshine1 princess1 azerty 000000000 1234512345 12341234 11223344
123456a 123456q a123456 aa123456 qwe123 qweqwe qwertyu 112233445566 147258369 159357 147258 741852963
demo-shop-2026`;

export const COMMON_PASSWORDS = new Set(LIST.split(/\s+/).filter((p) => p.length >= 6));

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

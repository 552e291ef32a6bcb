"""The window icon's pixels, as theme.draw_app_icon draws them: RGBA, premultiplied
(the byte order of any machine), compressed with zlib, in base64. Kept so that the
window's first frame does not draw them (see theme.app_icon for why); 0.7 ms to
unpack, where decoding PNG images took 4 ms. Written by `python -m
gns3_copilot_desktop.ui.app_icon_pixels`; a test checks that they are what
draw_app_icon draws now."""

PIXELS: dict[int, bytes] = {
    16: (
        b'eNpjYKAcMDKzsvEZJRWL+k7fJBYwdwc+DFLDa5RYBNID0y/k0jpHLv/mf3Ts2/vwv3fPw//Y5EB6wJqZmFlkcy59R5cPmvDw'
        b'/5cff8E4oB/TDJAekF5GVi4ebOYvOPT+/79//8F47oF3WN0A0otNv1rJrf/ff/3737f9zf+erW/+//z9779K8S2i9E/Y8eb/'
        b'8w+//1s33YOL2TXf+//0/e///UDz8Omfvf8d2L2/gPaB3A+yH4QXHn4PFgPJzdz3Dqf+Lec//f8LVARyO0g/yL5+qP7vv/6C'
        b'5Tae/YSqn4mFVTb36i+YWO+21//dux5g+NWz+8H/HqAcPPyBekB6QVEo4jNlHbbwxYdBemDph4mdT0DQoWaSZPSmi7LZF77K'
        b'Zp79JJN28o1U3I6bknE7bqBgoBqQWpAebGkZ7DagGRyyFk7k5AVK9IIAJXrJAQB5UIv1'
    ),
    32: (
        b'eNpjYBgF6ICFT1qBS9U9hNcwvoAaGGQWyExC9jJxComKeE1cJZd/8z8tMMhskB3Y7GZk4eCUjNt+nVZ2wzDIDpBd6PYLWBe3'
        b'k2KOZeO9/91bXoMxiE2KXgGrojZ0+0nxu0fXg//ff/37//M3BH/7+Q8sRnQYxG67hhL2rJzccvk3/hGr/+itr////P0PByA2'
        b'SIz4MLjxD2QnIt0JipASfk/e/vqPDkBipJgBspNc+5ce+/D/3z+E3SD2kqPv6WK/fMHN/3uufPn/6w/CASD2zktfwHK0tn/q'
        b'7rfgNBcy8RE43YNw+ORHYDdM2vmWpvYXLHkODuvipc8x5MqWvwDL5S58RjX79Srv/F998uP/p+9+/z97/xvY3zP2vsNp5uz9'
        b'7/7/AKo5c+8bWA9IL8gMcuxXLLz5/9Kj72A7kePZsPoOTvtBcsjpAqQXZAbILFLt9+55iJHH/gKNBpm35fwnrBgk9/cfhjaw'
        b'WdSy/+LD7/83n/uEFYPkqGU/evj/Bhr8/uuf/wZVuMMfJAdS8xvqCJDei8SEPzufAK70twqYhp4A09Leq1/+O7TcJ5iuQWpA'
        b'akF6VuFLf0A7kesA6eRDT2hd98KwdPLBx+j1n7B792J62S/s3rUI3X5mHnFpmYwzH2htt0zG6ffM3GJS2NpA7FLGNlKJe+/R'
        b'ym6Q2SA78LUBGVm5eLi1ghIEHWoni/pO24DNHNnM85/FAuZsB8kTg0FmgcwEmU1qWxiz/bbjBjO3qCS92uIDaTey/QNhN8x+'
        b'UNuUmUtEYiD6QgNpN7hcGEC7RwIAAAPAGhQ='
    ),
    64: (
        b'eNrtm11IFFEUx9V0/UpbNRMN11wrVyosMKoHe4iiQlTK3hQ1USgUtdKKeigpqEDLCqKyD/p4ESRE8SN7kKBAikyNTNe1dm1T'
        b'09X8ylXb9TRnF9c0x5kdd9ad2TlwYNi5d87/N3vn3nN3zjo4CCaYYIIJRm6OjqKALdvFu3Ivrzn08GVgYmVLUFq90pYcNaE2'
        b'1IhaUbMlyPFaAUeev5bktAOXHDUb7wPz79wrMilLkt2q4xq7yQntXpGJmUzGgndUxhnOcs9zZDGH3X3d7oOSnLZpvvAji1tI'
        b'9AFao36Fiygo9ZWCbU2hJ9ph58VOg+Mx2/GQCdmo+FduSkhjU4f0hByuVvaDZlQHM4bH+BmeYzM2slHx+8eXVLMVf+s5BXz4'
        b'pgUyw3PYhq34/vH3q6jm/OCsFi0bsUNy26GmeRSorLpp1NCWDQ3Bmc3ji60FTm5iP7bufcaDH0DX0om2bOlwclvlS8bv4hMa'
        b'zlbcysYR2vwVRFu2dCAjOb9Uxlbcjyotbf5GpZZFfqlsOfjrW8do82NbvvEXvOijzX+RaMs3/o15clBppijZlf1TsCFPzjv+'
        b'becV8HP4DyV/z9AfVnOA5eBff0oO77+Oz8n35tvA2OxnDYpxCDsp5w1/2bthE9un7xMgOy2HmEIVnC3tNTgeR5zugM/qCVO7'
        b'0oYhXvBfqeg3MfUSY3vHhU7StrgX6vvnGblU3sdpfszj9NNGFu3UNMQVqSj7xN9QwcSUsZNOD5B6T81J/v3XlDA2oTdwTBM4'
        b'WU+6affNedZj6IM2qtXDvqtKm+WPJObq6zUaeCv/DY3E/q20YRiO3leDemB2rSuu1Zit83bdgKl/F7Fu4jXx2hgDY2HMSAbr'
        b'hCX5U4ix2UexplU1jTDaz2GfWor9IsZOMfP5sBR/ws0u0xgls0FiTQvPZ76OyfI74Ndv3aIxUANqsSY/6uqikcstdS9Ld8+M'
        b'eSVqshY/zk90TdE7CccfdzNyxc9J2nGyn/ZYjb+kfhBszVCTwG9747+DGP/HHnUzclsd/zjXqKww/6Xb6PxHd/2zxB4Gcx6q'
        b'9e9wcdey5D/Jd8nzH3weLfE7Bl6DbL7B3xNQg6XyH2evoBAm+W9RtQbetM/mv+Z8H+aMt5n8F2NhTCb5L8EoIX/3J3LlzzvP'
        b'hZ3qHWBQSl0HX9kJNjnV+z+f6LNFfOUXR58ppOJ38Q2LkGR/0fOOP7tVh2x0agB89xTc5Rs/MtGt/3ASeXphPRVf2AMTK5od'
        b'XTxWmlMDg2thYHJtG+fZCQZkYVIB5uTqLV4dc6uMq+yoHRmWWgPoujYq2j/2TjnWD9g6M2pErajZ4lWgzu4eooDNUe7SPbGe'
        b'srgkdHNqsPz2XiqZ6WdpR02oDTVaszKWLjud2iMumj2zU/Pzm31xfv6zk/PbB/vC/PbD/j+/fbHP5bc/9ll++2Q38tsv+0y9'
        b'vPD/MMEEE0ww7tlfbtZ2bw=='
    ),
    128: (
        b'eNrtnXlMVFcUxmcEWZWlOqMyoASjLahVkaWawlA1VahSJamYtClIG1FBpRbrjknr0qqgVk3VxtTaVhtta1uptRWrf7jXNRqt'
        b'LA6ggLIJKOvA3L6DGo2ZmTAz9715d+75kpMQmLm8+/3gvXPuPW+eQoFCoVAoFAqFQqFQKBQKhUKhUJZKqXTp/crwnsPfTfON'
        b'WbFFNWnbQXXC7rw+7+w7iWE6wCPwCjwD78BD8JIV5m7+kW/4apdt9pvxj67//FsEw/YAL8FTN/+IGLn+LbhqIrR9Ew+cQ17i'
        b'Rt/E/WddNeHRcuHu7Bs4WBW/IxfZSBuq+O2HwHt7sncP1Mb5z75YjzzsE+C9e2B0rD2u816hH2T2n/+fATnYOebd7PAKTflY'
        b'yrzA5/WF69B7eQUwkYK9Z0hCMvotz/AMnpokao7fb+SYgPTrrei1PAPYACMx2Hdz8eyp+fBkOfos7wBGyu4ePWjz945MX4n+'
        b'shHekWlZNNk7efRSB8y5/NBR/Hl5YT6Z8EUxSdpxtzPga/iew1wHBFbd3F9S0eLvq122iXVPBmTcIskC68NXHpKWNgN5Uc3C'
        b'9+Bn8Bp4LevzBWZ0LvxOzv6z/q1l2Yvxa3XkdH4j6argtfAepteGUs/XADtb8cN+Dss+pOy8SxpbO4ilgvfAe1me++P9IpvP'
        b'/ZtZnf+c3eXEYCBWC94LY/B8DfCbcew2i3N/O6fE6HXeUsEYMBaT+8bJeUW21vwsznvggnxyu7KV0FKRMFbQAjbrA2BoLX8X'
        b'9ZBQFue88uf7hLZgTBa9cFGFjLQ69wsYPY7FOq+4qo06f50wJot1oVvAa2Ot3t8PGhvP2nzj1hcTsRQrjM2aHwLDyVbzHzh+'
        b'Cp77nymLwWsAMOSJ//ZjtaLx/yqvBvnLPL4/VScafxgb+cs7sg9Xi8Z/gzA28pd3zN1TLhp/GBv5yzteXVJI9B0G6uz17QYy'
        b'TBgb+cs/8q4/os7/qDAmi17wyB/WAAwUTwEwFou1P6/8IfaeplcH/MBg3s87/y//qqHGfyODeT/P/Gd/U05opoAw1sxdZcif'
        b'gXhrQwlpaqWf/0M/EJPr/xzxD88qIhV1eqP8Khvau7QvCK+pEl5rTGUP9GTUiiLkL8MYnJlPrpQ0G+XW0NxBxq3VkcCMWyRh'
        b'UynZdaKWnMpv7OwRgYCv4XvwM3jNm58Xk0ctxnsGLxU3k0GZ+chfZnv+v19qMMqrXcAIPf7W9I22m2gb/fVCA/KXUeT8aXrN'
        b'/9ODlVaPu/q3SpPjrs+tQv4y6fE1lev/eMb2un3/uXqmawJH5j/JTK5/pqCJSs8m9JKeL2pitiZwVP7mcv2S6jYyYim9vZqR'
        b'ywrJnZo2JmsCR+QPuf7VUvO5Pu3fyWpN4Gj8Idc/ZCbXf3+7ePdssVgTsMT/jTU6svzAfbLtaE3nnsumI9Ukc28FCXvu/CpW'
        b'rk+7JoBjhmOHOcBcYE4wN5gj8n8WsN4y/7sKcqOsxez+K9yTu1FgbyrX33dGuj06czUB9IjBsZrbf4a5wpwDM/jmH7NKZ3LN'
        b'zhLRyvVp1ASWCOYOHvDIf/rWO6Susd1mD2G9fvhS6fuyzNUElgg8AC944h+fTefe3Ict4uT6ltQE1ny2gLF7jMETHvhDXlRZ'
        b'r6eyJ1t4r5UEfWS/uguuOUX36dxnDJ6IsY4gN/4HTORO1gpyanvxX/ET3XvNIK90ZP4T19G/N/OBcP0M/qRAcvYhiwo6fzdt'
        b'gUeOyv/r4+LcmzdvT4Xk/KF+E0M7BY8clX9ZrV4Uz+7V6Unu5QZJ416dOHO5K9QUjsh/iHC+RHVN4JWj8YdaCdU1gVfIH/nj'
        b'+Z9PhTjg+V/M/A/6QGBPWMqowPwP6z+s/3D9h7ImOPD6D67/8r3+S3v/55Ku2e77P3AMuP8j/f4v5JKhy+3/eSzADHqAbd3/'
        b'nczJ/u/TSLSh/wP2faM/uy2bHks4Fmv3gcGDRM76P2zp//rjSgMZurhANuyfBhwTPD/G0v4vrZz7v4LGTpai/xPqt670f07b'
        b'Uir7+63gGLvS/wlzlqT/04bP/4XPjrZH//fWJ/3f0O8LPdSs3XP/NC+AY4c5wFy2Pun/jlktbb8aPL/H6s//VwWPYPn5Nxjw'
        b'+f/BI6x+ynd3jx7oIduh7O7uadPzf5KPFqKPbIZf0t8FNj//K3pJDnrJZvhGLc62+ZnfmvBo9JLNcNWERVF5/ufMs1XoJ1sB'
        b'zBRKJycaj4D1iVq0AT1lK4AZrec/d3Pz6eU/+2I9+srI//6sC3XAjOYz4L3CU5egt2yEV9jMxQrKUjq7e2hSTpSivzKv+VKO'
        b'lwArhQhyUQ8ZFZB2tQl9lmcAG2CkEFEeg+MS0Wt5hseg2GkKCeQdmb4S/ZZXeEemZSkkVI9h01P7z72hR+/tHAIDYKGwg9z8'
        b'I2L8U89VIwc71XmC966aCK3CjnLu6Tegd2zOPuQhbfSemL0XvFfIRC59hoapE749hmzEDXXC7jyxc3wbVgmU8HfgMzpjVb/3'
        b'cq8hLzoBXoKn4C14rGBEzt4BQZ7BU5N8xixY02vCuj2qSdsOqqfsOvJ8iObbvJsdfaf/cuHF3yf3AI/AK/AMvAMPFQ4sUdZB'
        b'0q+1uA2ImqhAcccf2fPLH9nzyx/Z88sf2fPLH9nzyx/Z88sf2fPLH9nzyx/Z88sf2LsHRseia/zxR/b88kf2/PJH9vzyR/b8'
        b'8kf2/PJH9vzyf8xeG4fO8Mcf2fPLH9nzyx/Z8ytkz7eQPQqFQqFQKBQKhUKhUCgUCoVCiaP/AXaB6MY='
    ),
    256: (
        b'eNrtnQl0FtUZhv8sBLILFoEAEcEFEVtxAW2RVmxBq0gLCnJARAuCgMgioKCIxXoKwa24o1YUXNpKtcWlUiuFVlERXBCBBEiA'
        b'kAhmAUJiyHI739/S9hQp5M8s9859nnPeczwak8l835N/5t6ZeyMRAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
        b'AAAAAAAAgGMjvmlG86atzzo/5ZRLrko7Y+D16WcNn5DR/caZx10w8W5CYo30kPSS9JT0lvSY9BrGBUdck5S05A69Lj3uwmk5'
        b'ra5csrLtqHe/zL55kyLEr0jPSe9JD0ovSk9ipnckpHyrdXq3EZNaDXrx79k3baihB4lWcXqy1VUv/E16VHoVY924qE9ITDnl'
        b'0kEt+y98PXvChlr6jBgRp1elZ6V3pYcRuYHX9wlJTdPOvHp01nVvb6WfiMnJGvHnLWldB98gPY3ZRxU/Qc5V25GrCukdEqrx'
        b'gp+t3Cm9HYmLj0f0w0k64YxzWl/9uw/oFRLmtB782/el1zH+Xx/5ic2Sm//g9l9l37yxnv4gdmRjffPvz3wwLqFpM5vdb9L8'
        b'pNPaDP3DJ/QDsfJaYOirHyc273Cqje6nnHb5kPZj1+2nD4jNEQfEBYuu+OMyzhszg9oT8p9knDf6NnEj3OrHxzv3PQ9Qb0IO'
        b'T/NeM+4P7fyA83sd32fuIupMyJEjjoTvb0BcnIx3Ul9CjuE6wLlGDtO9APf7hMQyHmA+qZ2vGEY9CWl4Ujv3G2r0/H6Lk7u0'
        b'H/fxAWpJSAxzg447TVp0Ot3Md/STU9tc89rn1JGQ2NNm2LL1cYnJKab53+LiuxdSP0IanxYXz3nCJPebtj33QupGiHtpmnVO'
        b'TzOm+RObONcsn1EzQly9D/hM3NJ+ru/s66dQL0LcT/rZ103WermupLSMdmM+LKNWhLgfx63S+KTUdG0/+88dNZ066ZkOEzep'
        b'S3Py1aTFRerh5SXqxffK1bJ1+6KRf5Z/J/9Nvka+lnOm6XNB54ycpus6HqzDrVc6Ttqsrn5oh1q0qkwVl9eoY6XI+dpnVpZF'
        b'/1/5HpxLjdYRG/X3YnFNN//Tvj3kRuqjR86YnqsWvFWiyg7UqsZSWlEb/V7yPTm3eiTtzCFjdPOftfuCzym3bFZzXtntivf/'
        b'i3xP+d7yMzjXwa8hqNc6Xh07U5dgM/SRHaqwrEZ5jfwM+Vmc82Aja+fp4v9x3530C2oSTE6cuCn6uVxXr3xDftac3++O/mxq'
        b'EExkb0Jd/M+69q1cauJ/TnWuxZd+uFcFhfzsU7kfCCTinA7uJ6ZnnUg9ghnbX7XpgAqalRsPMEcQUBz3sgN/v7/LwOuohf95'
        b'ckWp0oWF75RSkyDWB+gyYETQ/h/fN+c5auFvpiwpUrox2TkmauPzWoF95z0b+L3/iOV51MK/9J2brw7W1mvnvxyTHBs18nEM'
        b'wHEv0Gf+EpKaZk/4oo5a+Jd3NlQoXZFjo0Y+xnEvLqFJUnDre3U6nTr4l0ELdijdGbRgO7Xy8zmAANcHS+70w59QA//m+dfm'
        b'V2nv/9ptVTwX4GOSO17cPyj/088afjM18CcjHt+pTOFa51ipmU9rAjgOBuV/Zo9xs6iBP/n9mr3G+C/PBVEzf5LZfewdgT33'
        b'e+G0HGrgfTpN3qz2V9UZ4/8+51jlmKmdD88B95w6L7A1fnvf9Rg18D7DHzPn2v8Q1zzKPYAfadF79qM8+xPuPP9uuXH+yzFT'
        b'Oz+eAcp5Ljj/5y+mBt4nr7jaOP9znWOmdn74P38x/of73r+2zjj9VU1dverIGAD+k0blwjlblanIsVND/Cex58c5+cb6L2sJ'
        b'U0P8J7Hnyge3G+u/HDs1xH8Sey6bX2Cs/z/m8x//SaPy/bu3Geu/HDs1xH/SuDX+6urNc1+OmbUB8Z80Ptv2HDTOfzlmaof/'
        b'pPEJco3fWHn5A94Bwn/iRm54qtA4/0c5x0zt8J80Pp2n5qqqg+YMAsixnjaVe3/8J27lzU/2G+P/G86xUjP8J+5l/KJdxvg/'
        b'7pld1Az/iYuRPXZyDXgPcHNRtTppEvXCf+J2Rj2p/zjgyCcZ98N/4tUawB9t03cN4DVbK1n7F/+Jhxn44HZVr+FUgBzTgAd4'
        b'3wf/idf5cEuldv6/n1dJbfCfeJxbXyrW9vP/lueLqRH+E48y+KEdWu79eQg5Nt75x3/ifnrN2apKK2q1H///an+t+t7PWfcL'
        b'/4lbOWN6rhFz/4fYVFStujjHTO3wnzQu8izNii8qlGm8/XmF6sBcIP6TRuXpv5YZu/7PE++UUkP8Jz6P9T/+dml0v1A39g2Q'
        b'7yHfa+GKMuYE8B//fRzrr4lhrP+/9979zow8NWVJkXrrs/3q6wa8Pyxf+6dP90f/X/keh77fKx/ti2lO4KpfMSeA/8TrsX55'
        b'NvjkKZuPuIbAdU/sVDnL9kQ9XrXpgFpXUBWN/LP8O/lv8jXytd/0PU65ZXP065kTwH/812usv7C0Rp19e57nx3fuHVvUrrIa'
        b'5gTwH/81Geuv+LpO9Z3n31r7sq7/geo65gTwH/8DHuuXdbZHBfDO7einC2Nal5w5Afwn7o31z/3jnsCOef7rX8U0JzD1BeYE'
        b'8J+4OdYfVJgTwH+i11i/n2nMnEBP5gTwn7F+bcf6mRPAf/y3e6zf6zmBvzAngP+M9Ws91s+cAP7jv3u5Lcax/l8GONZ/rMl5'
        b'bQ9zAvhPXB7rN2k/TeYE8J+Eb6zf6zmBkgrmBPCfsf7/ZmfJQa3G+pkTwH/8t3usnzkB/LfJf+nF8+/covrOzY/uv9H/vgLV'
        b'+55tquutx/Y5Fcaxfl3mBKQGUgupidRGaiS1suXvB/67H9nD6vL5Beqh5SXq0+1VqrL6yA385d6a6OfV9BeLVbeZeVaN9Qcx'
        b'JyD3QvKuhJxzOfdHQmomtZMaSi3Dui8Z/ruXS5xrbfmsLozhvvVQz67Oq1Szl+6O3sPaMNbvx5yAnEs5p+9vqYx57xOpqdT2'
        b'EoPvp/Dfu3H5P6zdp9yk/EBtTPe+po31N2ROYG1+w+cE5ByWV9a5WhuptdQc/+32X67Xn/1bmaqp02NPHVPH+hsyJxDrtZXb'
        b'SM2l9t90z4b/4ff/insLVHG5Hr0YhrF+r+cEvKLI6YF+Ti/gvz3+T1pcpKpr9NlHTy4/RoZgrN/rOQGvkF6QnsD/8Pv/8PIS'
        b'7fbJCNNYv5dzAl4jvYH/4fV/xm+Kteu5MI71ezkn4DUyX4v/4fNf9qWuqdNr7+y12ypDOdbfkDmBj2N4T8DrccGBBu1hjv9H'
        b'jzwPJutN6carzuefzc+uyjM5bs+7uoH0ivQM/ofD/zc/2a90ZegjO6z1f9ijO7StyxtOz+C/+f73v79A6cxnO7628l0X+Z3X'
        b'O7+7zsg7Bfhvrv9yfflebqXSnXHP7LLO//GLdmlfl/dyD2j/3gD+HznDH9upTGDbnoOq42R7xgHld813fmcTkB7CfzP9l/3m'
        b'TGHE4zut8V/2GDaFP6+vwH8D/T99Wm70/TFTeGl1uTX+v7R6rzF1kWcDpZfw3yz/xz6zS5mErAvYcVL47wHkd4xlDcQgufHX'
        b'u/DfMP91fLbsaNz/xlfRXgtz5Hc0jVfW7MN/g/yXuaV9VXUKwA32VtZpOw+A/4fnu3dtpWnBVS64ayv+G+K/jKUDuMm1ms7P'
        b'4P/hmbKkiIYFV5m8pAj/DfH/zpe/pGHBVWY5PYX/+A/4j/9c/wPX//jP+B8w/of/zP9BuGH+j+d/wE54/ofnf/3gvte/UmOe'
        b'3hXq3Mfzv/jP+z+Hwfs/+sL7P2a+/6vTHh9Hg/d/9YT3f1n/ww9Y/0NPWP+D9b+8hvW/9IX1v1j/02tY/1NPWP+T9b+9hvW/'
        b'9YX1v9n/w2vY/0NP2P+D/b+8H/O3d+/PQ/dnOs4FsP8X+396zdr8quj+lzb7f2gP0HUa7QFaU8v+n2Hd/1v2dtaB3XtrVPdZ'
        b'W6x3/1DkXOzZp8f12a3s/x1a/yUPLy8J/Dk/E8aVfB+ndc5J0M8FPuT0hmnnDf8bnkmLiwJ5NnBD4dfRdxPx/ZvzvZ9vjZ6j'
        b'IJ7xm7i4yMhzhv+xpd+9BaqovMa3Hlu2bp/qPDUXz48SOUdyrvxCekB6wdTzhf+xp9vMPLVoVZmn44KFpTXRtWNOnIjbDZkX'
        b'kHMm586zcT6n5lJ76QGTz1Ww/uc8F4Z+6zVnq3rV5feFS5x72dlLd6uTpzDG35i5gbucc1ji8riA1FpqHoZzJA4G5X+L3rMf'
        b'DVO/XTIvXz21olQVlsX2uSOXEfK8saw/2mU61/puRc6l/C1dnVep6utjvw6T2kqNw3RuWlw0+5Gg/D+u59R5Yb3+vGx+gVrw'
        b'Von6ZHuVqqw+ctMVO/eP8p7htBeKjb+WNCFn356npr9YHD3nxf9n/EZqJrWTGkotw3r/5Tg4Nyj/M7uPvd2WZ9V73LlF9fll'
        b'vhrwwHZ1xb0F6qJ7tqmut/IZH3SkBlILqYnURmoktbLlnYqM7jfODMr/9LOGT6AHCQku6d+55qag/E/u2LsfNSAkuCSfdNHl'
        b'Qfmf2LzDqdSAkOAiDgblf1x8YpPsCRtqqQMhAeSmDTXiYCRAsob/aRO1IMT/tBn+5sZIwBz/o3uephaEBDD3/8N7ngra/9TO'
        b'VwyjFoT4n9TO/YYG7X9C6glZ1IIQ/5OQ2rJNRAPaXPPa59SDEB/v/R3nIpqQ2WPcLGpCiH/J7D72Dl38T8xs35GaEOLjvH9G'
        b'u5MiGtHqqudXURdCvE+rK5esjGhGapcBI6gNIT6M+zuu6eZ/XEKTpLbXr9hOfQjxLuKYuBbREHkXiRoR4uX7fsPGRzQlLrFZ'
        b'cttR735JnQjx4LPfcUsci2hMWtfBN1ArQtyPuBXRnbj4+NaDf/s+9SLEvbQe/JvV4lbEAJJadumWPeGLOupGiAtxXBKnIgYR'
        b'1rVBCfE74lLEMGSOgvsAQhp/3R/0Gh8xPxec0bZDuzEfllFHQhoecScxPevEiMH8c43QjfXUk5CG3fOLO5EQkHbmkDHUlJAG'
        b'zPWdefXoSIjI7DH+TupKyDG829tj3KxI6IiLa97rtvuoLyFHjjgirkRCSVyc7FdEnQk5PBnnjZkRXvf/5xlhng8i5N9jfWld'
        b'B42KWESz7J592t3w3m7qT6ye43McEBciFiJrB58w8Nm/0AfExkjv67KGb4APCiZknDf6tvbjP62iJ4gNkV6Xnpfej8C/1xBt'
        b'2X/h6/QHCXNa9n/iNel1jP/m+YGUTj/6KfsJkLBFelp624bxfTfWEEg5uc+A1kOWfkTvEKPf3xmydE3Ue0Pe3dfteqBZ+/N7'
        b'H99n7qL2Yz+uoJ+IEff3Tq9Kz0rv8nnv0l+CJsmpstdoy36PvNJuzJpy+ozo9q6e9Kb0qPQqxno7Z5DUquu5GeeMnPatyxa8'
        b'3GbYsvXtx6+vpg+JP+P366ul56T3pAelFxnLD/5vQmJmdqdm7XpcJO9Nppx2+RB5zjC927UT/1/M/Kz5oDTzgpvnHO13I42P'
        b'9JD0kvSU9Jb0GK6HB9Pcz7r+nQLmjwDs8x/3Aez0H/cB7PQf9wHs9B/3Aez0H/cB7PQf9wHs9B/3Aez0H/cB7PQf9wHs9B/3'
        b'Aez0H/cB7PQf9wHs9B/3Aez0H/cB7PQf9wHs9B/3Aez0H/cB7PQf9wHs9B/3Aez0H/cB7PQf9wHs9B/3Aez0H/cB7PQf9wHs'
        b'9B/3Aez0H/cB7PQf9wHs9B/3Aez0H/cB7PQf9wHs9B/3Aez0H/cB7PQf9wHs9B/3Aez0H/cB7PQf9wHs9B/3Aez0H/cB7PQf'
        b'9wHs9B/3Aez0H/cB7PQf9wHs9B/3AewE9wHsBfcBAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAwEv+'
        b'Ab4yIuA='
    ),
}


def _write() -> None:
    import zlib
    from binascii import b2a_base64
    from pathlib import Path

    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from .theme import APP_ICON_SIZES, draw_app_icon

    _app = QApplication.instance() or QApplication([])  # (QPixmap needs it)
    lines = []
    for size in APP_ICON_SIZES:
        image = draw_app_icon(size).toImage().convertToFormat(QImage.Format.Format_RGBA8888_Premultiplied)
        text = b2a_base64(zlib.compress(bytes(image.constBits()), 9), newline=False)
        chunks = [text[i:i + 96] for i in range(0, len(text), 96)]
        lines.append(f"    {size}: (\n" + "".join(f"        {chunk!r}\n" for chunk in chunks) + "    ),\n")
    source = Path(__file__).read_text()
    head, _, rest = source.partition("PIXELS: dict[int, bytes] = {")
    _, _, tail = rest.partition("}\n")
    Path(__file__).write_text(head + "PIXELS: dict[int, bytes] = {\n" + "".join(lines) + "}\n" + tail)


if __name__ == "__main__":
    _write()
